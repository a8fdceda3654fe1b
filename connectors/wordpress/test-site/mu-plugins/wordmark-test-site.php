<?php
/**
 * Plugin Name: Wordmark test site
 * Description: What the Wordmark Connector's tests need of their site: the shortcodes and the
 * custom block the seeded pages use, a small size limit, and a way to make a write fail halfway.
 *
 * @package Wordmark_Connector
 */

// The shortcodes of the seeded pages, registered as their plugins (Contact Form 7, a phone
// number plugin) would: the XLIFF lists registered shortcodes, which Wordmark keeps as tags.
add_shortcode( 'contact-form-7', static fn () => '<form></form>' );
add_shortcode( 'phone', static fn ( $atts ) => '+49 30 1234567' );

// A custom block that declares its text attribute as content, as block.json files do; the
// connector finds `quote` by that declaration and not `author` or `rating`.
add_action(
	'init',
	static function () {
		register_block_type(
			'acme/testimonial',
			array(
				'attributes' => array(
					'quote'  => array(
						'type'               => 'string',
						'__experimentalRole' => 'content',
					),
					'author' => array( 'type' => 'string' ),
					'rating' => array( 'type' => 'number' ),
				),
			)
		);
	}
);

// An unregistered block's text attributes, named through the connector's filter.
add_filter(
	'wordmark_block_text_attributes',
	static fn ( $spec ) => array_merge( $spec, array( 'acme/hero' => array( 'headline', 'cta' ) ) )
);

// The seeded posts' text meta, readable through WordPress's own REST API (`meta` of
// /wp/v2/pages/{id}?context=edit), so that the tests read a published translation back as any
// client of the site would. Protected keys (`_yoast…`) are for users who may edit posts.
add_action(
	'init',
	static function () {
		$keys = array( '_yoast_wpseo_title', '_yoast_wpseo_metadesc', 'rank_math_title', 'rank_math_description', 'subtitle', 'intro', 'sidebar_text', 'cta_text' );
		foreach ( $keys as $key ) {
			register_post_meta(
				'',
				$key,
				array(
					'show_in_rest'  => true,
					'single'        => true,
					'type'          => 'string',
					'auth_callback' => static fn () => current_user_can( 'edit_posts' ),
				)
			);
		}
	}
);

// A theme's own text field, added through the connector's filter.
add_filter(
	'wordmark_meta_keys',
	static fn ( $keys, $post ) => '' === get_post_meta( $post->ID, 'cta_text', true ) ? $keys : $keys + array( 'cta_text' => 'Call to action' ),
	10,
	2
);

// 1 MiB, so that the "too large" test sends a small file.
add_filter( 'wordmark_max_xliff_bytes', static fn () => 1024 * 1024 );

// A meta value holding this marker fails its write after the post itself was written, so the
// tests see that the connector keeps nothing of a failed write.
add_filter(
	'update_post_metadata',
	static function ( $check, $object_id, $meta_key, $meta_value ) {
		if ( is_string( $meta_value ) && str_contains( $meta_value, 'WORDMARK-TEST-FAIL' ) ) {
			throw new RuntimeException( "the test site refuses to write $meta_key" );
		}
		return $check;
	},
	10,
	4
);
