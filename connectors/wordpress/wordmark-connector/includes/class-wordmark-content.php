<?php
/**
 * The source content Wordmark reads: the posts offered, their listing with each target
 * language's translation state, and one post's XLIFF.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads only; the Publisher writes.
 */
class Wordmark_Content {

	/** Statuses of content worth translating: not trashed, not auto-drafts or revisions. */
	const STATUSES = array( 'publish', 'future', 'draft', 'pending', 'private' );

	/**
	 * The post types offered: public ones the REST API shows, media aside, as the
	 * `wordmark_post_types` filter leaves them.
	 *
	 * @return string[]
	 */
	public static function post_types(): array {
		$types = get_post_types(
			array(
				'public'       => true,
				'show_in_rest' => true,
			)
		);
		unset( $types['attachment'] );
		return array_values( (array) apply_filters( 'wordmark_post_types', array_values( $types ) ) );
	}

	/**
	 * The source post `$id`.
	 *
	 * @param int                $id    The post id.
	 * @param Wordmark_Languages $langs The site's languages.
	 * @throws Wordmark_Error When it is gone, trashed, not offered or itself a translation.
	 */
	public static function source( int $id, Wordmark_Languages $langs ): WP_Post {
		$post = get_post( $id );
		if ( ! $post instanceof WP_Post || ! in_array( $post->post_status, self::STATUSES, true ) || ! in_array( $post->post_type, self::post_types(), true ) ) {
			throw new Wordmark_Error( 'wordmark_item_not_found', "Item $id no longer exists on this site (deleted, trashed, or not of a type offered for translation).", 404 );
		}
		if ( ! $langs->is_source( $post ) ) {
			throw new Wordmark_Error( 'wordmark_item_not_found', "Item $id is not source content: it is written in " . $langs->post_language( $post ) . ', not in ' . $langs->default_language() . '.', 404 );
		}
		return $post;
	}

	/**
	 * A page of the source content.
	 *
	 * @param string[] $types          Post types, all offered ones when empty.
	 * @param ?int     $modified_after Only posts modified after this time (Unix seconds).
	 * @param string[] $target_langs   Languages to report translations in, all when empty.
	 * @param int      $page           The page, from 1.
	 * @param int      $per_page       Items per page.
	 * @throws Wordmark_Error On a type not offered or a language that is not a target.
	 */
	public static function page( array $types, ?int $modified_after, array $target_langs, int $page, int $per_page ): array {
		$langs   = Wordmark_Languages::detect();
		$offered = self::post_types();
		$unknown = array_diff( $types, $offered );
		if ( $unknown ) {
			throw new Wordmark_Error( 'wordmark_invalid_type', 'Not a post type offered for translation: ' . implode( ', ', $unknown ) . ' (offered: ' . implode( ', ', $offered ) . ').', 400 );
		}
		$targets = $target_langs ? $target_langs : $langs->target_languages();
		foreach ( $targets as $lang ) {
			self::check_language( $lang, $langs );
		}
		$query = array(
			'post_type'        => $types ? $types : $offered,
			'post_status'      => self::STATUSES,
			'fields'           => 'ids',
			'posts_per_page'   => -1,
			'orderby'          => 'ID',
			'order'            => 'ASC',
			'suppress_filters' => true,
			'meta_query'       => array( // phpcs:ignore WordPress.DB.SlowDBQuery -- excludes the translations this plugin wrote.
				array(
					'key'     => Wordmark_Languages::META_SOURCE,
					'compare' => 'NOT EXISTS',
				),
			),
		);
		if ( null !== $modified_after ) {
			$query['date_query'] = array(
				array(
					'column'    => 'post_modified_gmt',
					'after'     => gmdate( 'Y-m-d H:i:s', $modified_after ),
					'inclusive' => false,
				),
			);
		}
		// Languages are the multilingual plugin's to tell, through its API, post by post.
		$ids = array_values(
			array_filter( get_posts( $query ), static fn ( $id ) => $langs->is_source( get_post( $id ) ) )
		);
		$items = array_map(
			static fn ( $id ) => self::summary( get_post( $id ), $langs, $targets ),
			array_slice( $ids, ( $page - 1 ) * $per_page, $per_page )
		);
		return array(
			'total'            => count( $ids ),
			'page'             => $page,
			'per_page'         => $per_page,
			'total_pages'      => (int) ceil( count( $ids ) / $per_page ),
			'source_language'  => $langs->default_language(),
			'target_languages' => $targets,
			'items'            => $items,
		);
	}

	/**
	 * One item of the listing.
	 *
	 * @param WP_Post            $post    The source post.
	 * @param Wordmark_Languages $langs   The site's languages.
	 * @param string[]           $targets The target languages.
	 */
	public static function summary( WP_Post $post, Wordmark_Languages $langs, array $targets ): array {
		$hash         = Wordmark_Fields::hash( Wordmark_Fields::units( $post ) );
		$translations = array();
		foreach ( $targets as $lang ) {
			$translation           = $langs->translation( $post, $lang );
			$translations[ $lang ] = $translation ? self::translation_state( $translation, $hash ) : null;
		}
		return array(
			'id'           => $post->ID,
			'type'         => $post->post_type,
			'title'        => $post->post_title,
			'status'       => $post->post_status,
			'parent'       => $post->post_parent,
			'modified'     => self::gmt( $post->post_modified_gmt ),
			'hash'         => $hash,
			'translations' => (object) $translations,
		);
	}

	/**
	 * The XLIFF of one item for one target language.
	 *
	 * @param int    $id   The source post.
	 * @param string $lang The target language.
	 * @throws Wordmark_Error When the item is gone or the language is not a target.
	 */
	public static function xliff( int $id, string $lang ): array {
		$langs = Wordmark_Languages::detect();
		$post  = self::source( $id, $langs );
		self::check_language( $lang, $langs );
		$units = Wordmark_Fields::units( $post );
		return array(
			'item'     => $post->ID,
			'lang'     => $lang,
			'hash'     => Wordmark_Fields::hash( $units ),
			'filename' => sanitize_file_name( get_bloginfo( 'name' ) . "-translation-job-{$post->ID}-$lang.xliff" ),
			'xliff'    => Wordmark_Xliff::write( $post, $units, $langs->default_language(), $lang ),
		);
	}

	/**
	 * @param string             $lang  A language code.
	 * @param Wordmark_Languages $langs The site's languages.
	 * @throws Wordmark_Error When `$lang` is not one of the site's target languages.
	 */
	public static function check_language( string $lang, Wordmark_Languages $langs ): void {
		if ( ! $langs->accepts( $lang ) ) {
			$targets = $langs->target_languages();
			throw new Wordmark_Error(
				'wordmark_wrong_language',
				sprintf( '"%s" is not a target language of this site (source: %s; targets: %s).', $lang, $langs->default_language(), $targets ? implode( ', ', $targets ) : 'none yet' ),
				400
			);
		}
	}

	/**
	 * A translation's state: `source_changed` is null when the translation was not written by
	 * this plugin, which alone records the source it was made from.
	 *
	 * @param WP_Post $translation The translated post.
	 * @param string  $hash        The source's hash now.
	 */
	private static function translation_state( WP_Post $translation, string $hash ): array {
		$made_from = (string) get_post_meta( $translation->ID, Wordmark_Languages::META_SOURCE_HASH, true );
		return array(
			'id'             => $translation->ID,
			'status'         => $translation->post_status,
			'modified'       => self::gmt( $translation->post_modified_gmt ),
			'source_hash'    => '' === $made_from ? null : $made_from,
			'source_changed' => '' === $made_from ? null : ! hash_equals( $made_from, $hash ),
		);
	}

	/**
	 * A GMT time of the database as RFC 3339 with its offset (`2024-05-01T10:00:00+00:00`).
	 *
	 * @param string $mysql_gmt `Y-m-d H:i:s` in GMT.
	 */
	private static function gmt( string $mysql_gmt ): string {
		return gmdate( 'c', (int) strtotime( $mysql_gmt . ' UTC' ) );
	}
}
