<?php
/**
 * Plugin Name: WPML stand-in
 * Description: Stands in for WPML in the Wordmark Connector's tests: the documented hooks the
 * connector calls, over WPML's own `icl_translations` table (its columns that matter here).
 * Not WPML: real WPML sites are not exercised by the tests.
 *
 * @package Wordmark_Connector
 */

define( 'ICL_SITEPRESS_VERSION', '4.6.0-stand-in' );

const WORDMARK_STANDIN_LANGUAGES = array( 'en', 'de', 'fr' );

/**
 * The table's name.
 */
function wordmark_standin_table(): string {
	global $wpdb;
	return $wpdb->prefix . 'icl_translations';
}

/**
 * Makes the table, as WPML's activation does (seed.php calls it: DDL in a request would
 * commit the connector's transaction).
 */
function wordmark_standin_install(): void {
	global $wpdb;
	$table = wordmark_standin_table();
	$wpdb->query( "CREATE TABLE IF NOT EXISTS $table (translation_id BIGINT AUTO_INCREMENT PRIMARY KEY, element_type VARCHAR(60) NOT NULL, element_id BIGINT, trid BIGINT NOT NULL, language_code VARCHAR(7) NOT NULL, source_language_code VARCHAR(7), UNIQUE KEY el_type_id (element_type, element_id)) ENGINE=InnoDB" );
}

/**
 * An element's row.
 *
 * @param int    $id   The element.
 * @param string $type `post_page`, `tax_category`, ….
 */
function wordmark_standin_row( int $id, string $type ): ?object {
	global $wpdb;
	$table = wordmark_standin_table();
	return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM $table WHERE element_id = %d AND element_type = %s", $id, $type ) );
}

/**
 * WPML's `wpml_set_element_language_details`: a new trid when none is given.
 *
 * @param array $args element_id, element_type, trid, language_code, source_language_code.
 */
function wordmark_standin_set( array $args ): void {
	global $wpdb;
	$table = wordmark_standin_table();
	$trid  = $args['trid'] ?? null;
	if ( ! $trid ) {
		$trid = 1 + (int) $wpdb->get_var( "SELECT MAX(trid) FROM $table" );
	}
	$wpdb->query(
		$wpdb->prepare(
			"REPLACE INTO $table (element_type, element_id, trid, language_code, source_language_code) VALUES (%s, %d, %d, %s, %s)",
			$args['element_type'],
			$args['element_id'],
			$trid,
			$args['language_code'],
			$args['source_language_code'] ?? null
		)
	);
}
add_action( 'wpml_set_element_language_details', 'wordmark_standin_set' );

add_filter( 'wpml_default_language', static fn () => 'en' );
add_filter(
	'wpml_active_languages',
	static fn () => array_combine(
		WORDMARK_STANDIN_LANGUAGES,
		array_map( static fn ( $code ) => array( 'code' => $code ), WORDMARK_STANDIN_LANGUAGES )
	)
);
add_filter(
	'wpml_element_language_code',
	static function ( $code, $args ) {
		$row = wordmark_standin_row( (int) $args['element_id'], 'post_' . $args['element_type'] );
		return $row ? $row->language_code : null;
	},
	10,
	2
);
add_filter(
	'wpml_element_trid',
	static function ( $trid, $id, $type ) {
		$row = wordmark_standin_row( (int) $id, (string) $type );
		return $row ? (int) $row->trid : null;
	},
	10,
	3
);
add_filter(
	'wpml_object_id',
	static function ( $id, $type, $return_original = false, $lang = null ) {
		global $wpdb;
		$prefix = taxonomy_exists( $type ) ? 'tax_' : 'post_';
		$row    = wordmark_standin_row( (int) $id, $prefix . $type );
		if ( ! $row ) {
			return $return_original ? $id : null;
		}
		$table = wordmark_standin_table();
		$found = $wpdb->get_var( $wpdb->prepare( "SELECT element_id FROM $table WHERE trid = %d AND language_code = %s AND element_type = %s", $row->trid, $lang, $prefix . $type ) );
		return $found ? (int) $found : ( $return_original ? $id : null );
	},
	10,
	4
);

// WPML gives every new post and term the current language (the default one here).
add_action(
	'wp_insert_post',
	static function ( $id, $post ) {
		if ( 'revision' !== $post->post_type && ! wordmark_standin_row( $id, 'post_' . $post->post_type ) ) {
			wordmark_standin_set(
				array(
					'element_id'    => $id,
					'element_type'  => 'post_' . $post->post_type,
					'language_code' => 'en',
				)
			);
		}
	},
	10,
	2
);
add_action(
	'created_term',
	static function ( $term_id, $tt_id, $taxonomy ) {
		// WPML keys terms by term_taxonomy_id; the stand-in by term id, which the hooks take.
		wordmark_standin_set(
			array(
				'element_id'    => $term_id,
				'element_type'  => 'tax_' . $taxonomy,
				'language_code' => 'en',
			)
		);
	},
	10,
	3
);
