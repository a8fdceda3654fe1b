<?php
/**
 * Adds `count` block-editor pages to a test site for the sites benchmark (`wordmark-bench
 * --wordpress`): each a heading, two paragraphs, a list and a button, with SEO meta. Prints
 * their ids as a JSON array.
 *
 *   php bulk.php <ip>:<port> <count>
 *
 * @package Wordmark_Connector
 */

require __DIR__ . '/bootstrap-cli.php';
require '/usr/share/wordpress/wp-load.php';

$count = (int) ( $argv[2] ?? 0 );
if ( $count < 1 ) {
	fwrite( STDERR, "usage: php {$argv[0]} <ip>:<port> <count>\n" );
	exit( 2 );
}
wp_set_current_user( 1 );
wp_defer_term_counting( true );
$ids = array();
for ( $n = 1; $n <= $count; $n++ ) {
	$id = wp_insert_post(
		wp_slash(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => "Service page $n",
				'post_content' => "<!-- wp:heading -->\n<h2>What we do for client $n</h2>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>We translate <strong>websites</strong> into many languages, page $n of our services.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul><li>Translation</li><li>Review by people</li><li>Publishing back</li></ul>\n<!-- /wp:list -->\n\n<!-- wp:paragraph -->\n<p>Every page keeps its blocks, its links and its layout.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:buttons -->\n<div class=\"wp-block-buttons\"><!-- wp:button -->\n<div class=\"wp-block-button\"><a class=\"wp-block-button__link wp-element-button\" href=\"https://example.com/contact\">Ask for a quote</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->",
				'meta_input'   => array(
					'_yoast_wpseo_title'    => "Service page $n - Wordmark Test Site",
					'_yoast_wpseo_metadesc' => "Translation services, page $n.",
				),
			)
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, $id->get_error_message() . "\n" );
		exit( 1 );
	}
	$ids[] = $id;
}
echo wp_json_encode( $ids );
