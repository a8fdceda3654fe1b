<?php
/**
 * Plugin Name: Polylang stand-in
 * Description: Stands in for Polylang in the Wordmark Connector's tests: the documented
 * functions the connector calls, keeping languages and translation groups in post and term
 * meta. Not Polylang: real Polylang sites are not exercised by the tests.
 *
 * @package Wordmark_Connector
 */

define( 'POLYLANG_VERSION', '3.5.0-stand-in' );

function pll_default_language( $field = 'slug' ) {
	return 'en';
}

function pll_languages_list( $args = array() ) {
	return array( 'en', 'de', 'fr' );
}

function pll_get_post_language( $post_id, $field = 'slug' ) {
	$lang = get_post_meta( $post_id, '_standin_pll_language', true );
	return '' === $lang ? false : $lang;
}

function pll_set_post_language( $id, $lang ) {
	update_post_meta( $id, '_standin_pll_language', $lang );
}

function pll_get_post_translations( $post_id ) {
	$group = get_post_meta( $post_id, '_standin_pll_translations', true );
	if ( is_array( $group ) ) {
		return $group;
	}
	$lang = pll_get_post_language( $post_id );
	return $lang ? array( $lang => (int) $post_id ) : array();
}

function pll_save_post_translations( $arr ) {
	foreach ( $arr as $id ) {
		update_post_meta( $id, '_standin_pll_translations', array_map( 'intval', $arr ) );
	}
}

function pll_get_post( $post_id, $lang = '' ) {
	return pll_get_post_translations( $post_id )[ $lang ] ?? false;
}

function pll_get_term_language( $term_id, $field = 'slug' ) {
	$lang = get_term_meta( $term_id, '_standin_pll_language', true );
	return '' === $lang ? false : $lang;
}

function pll_set_term_language( $id, $lang ) {
	update_term_meta( $id, '_standin_pll_language', $lang );
}

function pll_save_term_translations( $arr ) {
	foreach ( $arr as $id ) {
		update_term_meta( $id, '_standin_pll_translations', array_map( 'intval', $arr ) );
	}
}

function pll_get_term( $term_id, $lang = '' ) {
	$group = get_term_meta( $term_id, '_standin_pll_translations', true );
	return is_array( $group ) ? ( $group[ $lang ] ?? false ) : false;
}

// Polylang gives every new post and term the default language.
add_action(
	'wp_insert_post',
	static function ( $id, $post ) {
		if ( 'revision' !== $post->post_type && ! pll_get_post_language( $id ) ) {
			pll_set_post_language( $id, pll_default_language() );
		}
	},
	10,
	2
);
add_action(
	'created_term',
	static function ( $term_id ) {
		if ( ! pll_get_term_language( $term_id ) ) {
			pll_set_term_language( $term_id, pll_default_language() );
		}
	}
);
