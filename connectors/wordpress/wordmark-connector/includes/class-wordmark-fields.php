<?php
/**
 * The translatable fields of a post, as the units of its XLIFF and the input of its hash.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Which fields of a post are translated, named as WPML names them so that Wordmark's field
 * labels apply: `title`, `body`, `excerpt`, `field-<meta key>-0`, and
 * `package-string-<post id>-<n>` for the n-th text attribute of the body's blocks.
 */
class Wordmark_Fields {

	/** The SEO fields of Yoast SEO and Rank Math that hold text. */
	const SEO_KEYS = array(
		'_yoast_wpseo_title',
		'_yoast_wpseo_metadesc',
		'_yoast_wpseo_focuskw',
		'_yoast_wpseo_bctitle',
		'_yoast_wpseo_opengraph-title',
		'_yoast_wpseo_opengraph-description',
		'_yoast_wpseo_twitter-title',
		'_yoast_wpseo_twitter-description',
		'rank_math_title',
		'rank_math_description',
		'rank_math_focus_keyword',
		'rank_math_breadcrumb_title',
		'rank_math_facebook_title',
		'rank_math_facebook_description',
		'rank_math_twitter_title',
		'rank_math_twitter_description',
	);

	/** ACF field types whose value is text. */
	const ACF_TEXT_TYPES = array( 'text', 'textarea', 'wysiwyg' );

	const MAIN   = array( 'Main Content', 'Main_Content-0' );
	const CUSTOM = array( 'Custom Fields', 'Custom_Fields-0' );
	const BLOCKS = array( 'Blocks', 'Blocks-0' );

	/**
	 * The post's translatable fields with text, in the XLIFF's order.
	 *
	 * @param WP_Post $post The source post.
	 * @return array<int, array{id: string, resname: string, label: string, type: string, group: array, text: string}>
	 */
	public static function units( WP_Post $post ): array {
		$units = array( self::unit( 'title', 'title', 'Title', 'text', self::MAIN, $post->post_title ) );
		if ( '' !== $post->post_content ) {
			$units[] = self::unit( 'body', 'body', 'Body', 'text', self::MAIN, $post->post_content );
		}
		if ( '' !== $post->post_excerpt ) {
			$units[] = self::unit( 'excerpt', 'excerpt', 'Excerpt', 'text', self::MAIN, $post->post_excerpt );
		}
		foreach ( self::meta_keys( $post ) as $key => $label ) {
			$value = get_post_meta( $post->ID, $key, true );
			if ( is_string( $value ) && '' !== trim( $value ) && ! is_serialized( $value ) ) {
				$units[] = self::unit( "field-$key-0", $label, $label, 'custom_field', self::CUSTOM, $value );
			}
		}
		foreach ( Wordmark_Blocks::text_attributes( $post->post_content ) as $n => $found ) {
			$name    = $found['block'] . ': ' . $found['attr'];
			$units[] = self::unit( "package-string-{$post->ID}-$n", $name, $name, 'text', self::BLOCKS, $found['text'] );
		}
		return $units;
	}

	/**
	 * The hash of a post's translatable text: of the units' ids and texts, line endings
	 * normalised as XML reading normalises them, so the hash of a post and of the sources of
	 * its XLIFF are equal.
	 *
	 * @param array<int, array{id: string, text: string}> $units The units.
	 */
	public static function hash( array $units ): string {
		$pairs = array_map(
			static fn ( $unit ) => array( $unit['id'], Wordmark_Xliff::clean( $unit['text'] ) ),
			$units
		);
		return hash( 'sha256', (string) wp_json_encode( $pairs ) );
	}

	/**
	 * The meta keys translated for a post, with their labels: the SEO keys, the post's ACF
	 * fields of text types, and what the `wordmark_meta_keys` filter adds.
	 *
	 * @param WP_Post $post The source post.
	 * @return array<string, string> Meta key → label.
	 */
	public static function meta_keys( WP_Post $post ): array {
		$keys = array();
		$meta = get_post_meta( $post->ID );
		foreach ( self::SEO_KEYS as $key ) {
			if ( isset( $meta[ $key ] ) ) {
				$keys[ $key ] = $key;
			}
		}
		foreach ( $meta as $key => $values ) {
			$label = '_' !== $key[0] ? self::acf_text_label( $meta[ "_$key" ][0] ?? '' ) : null;
			if ( null !== $label ) {
				$keys[ $key ] = $label;
			}
		}
		return (array) apply_filters( 'wordmark_meta_keys', $keys, $post );
	}

	/**
	 * Whether an XLIFF unit may write `$key` on a translation of `$post`: a key this plugin
	 * offers, even when the source's value is empty now.
	 *
	 * @param WP_Post $post The source post.
	 * @param string  $key  The meta key.
	 */
	public static function is_translatable_key( WP_Post $post, string $key ): bool {
		return isset( self::meta_keys( $post )[ $key ] ) || in_array( $key, self::SEO_KEYS, true );
	}

	/**
	 * The label of an ACF field of a text type, by its field key (`field_5f1a…`), null for
	 * other fields. ACF keeps the key of each value's field in the meta key `_<name>`.
	 *
	 * @param string $field_key The field key.
	 */
	private static function acf_text_label( string $field_key ): ?string {
		static $known = array();
		if ( ! preg_match( '/^field_[0-9a-z]+$/i', $field_key ) ) {
			return null;
		}
		if ( ! array_key_exists( $field_key, $known ) ) {
			$known[ $field_key ] = self::acf_field( $field_key );
		}
		$field = $known[ $field_key ];
		return $field && in_array( $field['type'] ?? '', self::ACF_TEXT_TYPES, true ) ? (string) ( $field['label'] ?? $field_key ) : null;
	}

	/**
	 * An ACF field's settings: from ACF when it is active, else from the `acf-field` post
	 * where ACF stores the fields made in its admin screens (post_name is the key, post_title
	 * the label, post_content the serialised settings).
	 *
	 * @param string $field_key The field key.
	 */
	private static function acf_field( string $field_key ): ?array {
		if ( function_exists( 'acf_get_field' ) ) {
			$field = acf_get_field( $field_key );
			return is_array( $field ) ? $field : null;
		}
		$posts = get_posts(
			array(
				'post_type'        => 'acf-field',
				'name'             => $field_key,
				'post_status'      => 'any',
				'posts_per_page'   => 1,
				'suppress_filters' => true,
			)
		);
		if ( ! $posts ) {
			return null;
		}
		$settings = maybe_unserialize( $posts[0]->post_content );
		return is_array( $settings ) ? array_merge( $settings, array( 'label' => $posts[0]->post_title ) ) : null;
	}

	/**
	 * One unit.
	 *
	 * @param string $id      The unit's id.
	 * @param string $resname Its resname.
	 * @param string $label   Its label in `tool:extradata`.
	 * @param string $type    `text` or `custom_field`, as WPML types them.
	 * @param array  $group   The group's name and id.
	 * @param string $text    Its source text.
	 */
	private static function unit( string $id, string $resname, string $label, string $type, array $group, string $text ): array {
		return compact( 'id', 'resname', 'label', 'type', 'group', 'text' );
	}
}
