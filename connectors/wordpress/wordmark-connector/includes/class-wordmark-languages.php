<?php
/**
 * The site's languages and translation links, through WPML's or Polylang's documented API, or
 * through the plugin's own post meta when the site has neither.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * One multilingual plugin's view of languages and translations. Every translation the plugin
 * writes also carries the meta keys below, whichever plugin links it, so that the same XLIFF
 * finds the same post again even where the multilingual plugin lost the link.
 */
abstract class Wordmark_Languages {

	/** The source post a translation was written for. */
	const META_SOURCE = '_wordmark_source_id';
	/** The translation's language code. */
	const META_LANGUAGE = '_wordmark_language';
	/** The hash of the source's translatable fields the translation was made from. */
	const META_SOURCE_HASH = '_wordmark_source_hash';

	/**
	 * The adapter of the multilingual plugin active on this site.
	 */
	public static function detect(): Wordmark_Languages {
		// WPML's own documentation tells integrators to test this constant.
		if ( defined( 'ICL_SITEPRESS_VERSION' ) ) {
			return new Wordmark_Languages_Wpml();
		}
		if ( function_exists( 'pll_languages_list' ) && function_exists( 'pll_save_post_translations' ) ) {
			return new Wordmark_Languages_Polylang();
		}
		return new Wordmark_Languages_None();
	}

	/** `wpml`, `polylang` or `none`. */
	abstract public function name(): string;

	/** The multilingual plugin's version, null without one. */
	abstract public function version(): ?string;

	/** The language the source content is written in. */
	abstract public function default_language(): string;

	/**
	 * Every language of the site, the default one included.
	 *
	 * @return string[]
	 */
	abstract public function languages(): array;

	/** The language of a post, null when it has none. */
	abstract public function post_language( WP_Post $post ): ?string;

	/** The plugin's own link from a source post to its translation, null when none. */
	abstract protected function linked_translation( WP_Post $source, string $lang ): ?int;

	/** Records `$translation_id` as the `$lang` translation of `$source`. */
	abstract public function link( WP_Post $source, int $translation_id, string $lang ): void;

	/** The term's translation, null when it has none. */
	abstract public function term_translation( int $term_id, string $taxonomy, string $lang ): ?int;

	/**
	 * Languages a translation may be written in: every language but the default one.
	 *
	 * @return string[]
	 */
	public function target_languages(): array {
		return array_values( array_diff( $this->languages(), array( $this->default_language() ) ) );
	}

	/**
	 * Whether `$lang` may be written: one of the site's target languages.
	 *
	 * @param string $lang A language code.
	 */
	public function accepts( string $lang ): bool {
		return in_array( $lang, $this->target_languages(), true );
	}

	/**
	 * Whether a post is source content: written in the default language, and not a translation
	 * this plugin wrote.
	 *
	 * @param WP_Post $post The post.
	 */
	public function is_source( WP_Post $post ): bool {
		if ( '' !== (string) get_post_meta( $post->ID, self::META_SOURCE, true ) ) {
			return false;
		}
		$lang = $this->post_language( $post );
		return null === $lang || $lang === $this->default_language();
	}

	/**
	 * The translation of `$source` in `$lang`: the multilingual plugin's link, else the post
	 * this plugin wrote for it.
	 *
	 * @param WP_Post $source The source post.
	 * @param string  $lang   The target language.
	 */
	public function translation( WP_Post $source, string $lang ): ?WP_Post {
		$id   = $this->linked_translation( $source, $lang ) ?? $this->written_translation( $source, $lang );
		$post = null === $id ? null : get_post( $id );
		return $post instanceof WP_Post && $post->ID !== $source->ID ? $post : null;
	}

	/**
	 * The post this plugin wrote as the `$lang` translation of `$source`, trashed ones too.
	 *
	 * @param WP_Post $source The source post.
	 * @param string  $lang   The target language.
	 */
	protected function written_translation( WP_Post $source, string $lang ): ?int {
		$ids = get_posts(
			array(
				'post_type'        => $source->post_type,
				'post_status'      => 'any,trash',
				'fields'           => 'ids',
				'posts_per_page'   => 1,
				'orderby'          => 'ID',
				'order'            => 'ASC',
				'suppress_filters' => true,
				'meta_query'       => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- one lookup per write.
					array(
						'key'   => self::META_SOURCE,
						'value' => (string) $source->ID,
					),
					array(
						'key'   => self::META_LANGUAGE,
						'value' => $lang,
					),
				),
			)
		);
		return $ids ? (int) $ids[0] : null;
	}
}

/**
 * WPML, through the hooks WPML documents for integrators ("WPML Hooks Reference").
 */
class Wordmark_Languages_Wpml extends Wordmark_Languages {

	public function name(): string {
		return 'wpml';
	}

	public function version(): ?string {
		return (string) ICL_SITEPRESS_VERSION;
	}

	public function default_language(): string {
		return (string) apply_filters( 'wpml_default_language', null );
	}

	public function languages(): array {
		$active = apply_filters( 'wpml_active_languages', null, array( 'skip_missing' => 0 ) );
		return is_array( $active ) ? array_map( 'strval', array_keys( $active ) ) : array( $this->default_language() );
	}

	public function post_language( WP_Post $post ): ?string {
		$code = apply_filters(
			'wpml_element_language_code',
			null,
			array(
				'element_id'   => $post->ID,
				'element_type' => $post->post_type,
			)
		);
		return is_string( $code ) && '' !== $code ? $code : null;
	}

	protected function linked_translation( WP_Post $source, string $lang ): ?int {
		$id = apply_filters( 'wpml_object_id', $source->ID, $source->post_type, false, $lang );
		return $id ? (int) $id : null;
	}

	public function link( WP_Post $source, int $translation_id, string $lang ): void {
		$type = 'post_' . $source->post_type;
		$trid = apply_filters( 'wpml_element_trid', null, $source->ID, $type );
		do_action(
			'wpml_set_element_language_details',
			array(
				'element_id'           => $translation_id,
				'element_type'         => $type,
				'trid'                 => $trid,
				'language_code'        => $lang,
				'source_language_code' => $this->default_language(),
			)
		);
	}

	public function term_translation( int $term_id, string $taxonomy, string $lang ): ?int {
		$id = apply_filters( 'wpml_object_id', $term_id, $taxonomy, false, $lang );
		return $id ? (int) $id : null;
	}
}

/**
 * Polylang, through its documented public functions.
 */
class Wordmark_Languages_Polylang extends Wordmark_Languages {

	public function name(): string {
		return 'polylang';
	}

	public function version(): ?string {
		return defined( 'POLYLANG_VERSION' ) ? (string) POLYLANG_VERSION : null;
	}

	public function default_language(): string {
		return (string) pll_default_language();
	}

	public function languages(): array {
		return array_map( 'strval', pll_languages_list() );
	}

	public function post_language( WP_Post $post ): ?string {
		$lang = pll_get_post_language( $post->ID );
		return is_string( $lang ) && '' !== $lang ? $lang : null;
	}

	protected function linked_translation( WP_Post $source, string $lang ): ?int {
		$id = pll_get_post( $source->ID, $lang );
		return $id ? (int) $id : null;
	}

	public function link( WP_Post $source, int $translation_id, string $lang ): void {
		pll_set_post_language( $translation_id, $lang );
		$group                              = pll_get_post_translations( $source->ID );
		$group[ $this->default_language() ] = $source->ID;
		$group[ $lang ]                     = $translation_id;
		pll_save_post_translations( $group );
	}

	public function term_translation( int $term_id, string $taxonomy, string $lang ): ?int {
		$id = pll_get_term( $term_id, $lang );
		return $id ? (int) $id : null;
	}
}

/**
 * No multilingual plugin: translations are linked by this plugin's post meta only, terms are
 * shared by all languages, and the languages are the site's locale plus those translations.
 */
class Wordmark_Languages_None extends Wordmark_Languages {

	public function name(): string {
		return 'none';
	}

	public function version(): ?string {
		return null;
	}

	public function default_language(): string {
		// `en_US` → `en`: WPML's codes are the language alone except for a few variants.
		$locale = strtolower( strtok( get_locale(), '_' ) );
		return (string) apply_filters( 'wordmark_source_language', $locale );
	}

	public function languages(): array {
		global $wpdb;
		$written = $wpdb->get_col(
			$wpdb->prepare( "SELECT DISTINCT meta_value FROM {$wpdb->postmeta} WHERE meta_key = %s", self::META_LANGUAGE )
		);
		$targets = (array) apply_filters( 'wordmark_target_languages', $written );
		return array_values( array_unique( array_merge( array( $this->default_language() ), array_map( 'strval', $targets ) ) ) );
	}

	/**
	 * Any well-formed language code other than the source's: without a multilingual plugin the
	 * site has no list of languages to hold Wordmark to.
	 *
	 * @param string $lang A language code.
	 */
	public function accepts( string $lang ): bool {
		return 1 === preg_match( '/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/', $lang ) && $lang !== $this->default_language();
	}

	public function post_language( WP_Post $post ): ?string {
		$lang = (string) get_post_meta( $post->ID, self::META_LANGUAGE, true );
		return '' === $lang ? null : $lang;
	}

	protected function linked_translation( WP_Post $source, string $lang ): ?int {
		return null;
	}

	public function link( WP_Post $source, int $translation_id, string $lang ): void {
		// The meta the publisher writes on every translation is the link.
	}

	public function term_translation( int $term_id, string $taxonomy, string $lang ): ?int {
		return $term_id;
	}
}
