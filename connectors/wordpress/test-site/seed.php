<?php
/**
 * Seeds the test site with content as the block editor and the classic editor write it:
 * a page of core blocks (heading, paragraph with link and bold, list, image with alt,
 * buttons, columns, group, cover, search, shortcodes), custom blocks, a reusable block, Yoast
 * and Rank Math meta, ACF fields (stored as ACF stores them), a child page, a classic post
 * with categories, and articles enough for a 20-item project. Prints the ids as JSON.
 *
 * @package Wordmark_Connector
 */

require __DIR__ . '/bootstrap-cli.php';
require '/usr/share/wordpress/wp-load.php';

if ( function_exists( 'wordmark_standin_install' ) ) {
	wordmark_standin_install();
}
wp_set_current_user( 1 );
$uploads = content_url( 'uploads' );

/**
 * Inserts a post and its meta.
 *
 * @param array $post Post fields.
 * @param array $meta Meta key → value.
 */
function seed_post( array $post, array $meta = array() ): int {
	$id = wp_insert_post( wp_slash( $post + array( 'post_status' => 'publish' ) ), true );
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, $id->get_error_message() . "\n" );
		exit( 1 );
	}
	foreach ( $meta as $key => $value ) {
		update_post_meta( $id, $key, wp_slash( $value ) );
	}
	return $id;
}

/**
 * An ACF field as ACF's admin screens store it: an `acf-field` post.
 *
 * @param string $key   The field key.
 * @param string $name  The meta key its values go to.
 * @param string $label Its label.
 * @param string $type  text, textarea, wysiwyg, number, ….
 */
function seed_acf_field( string $key, string $name, string $label, string $type ): void {
	seed_post(
		array(
			'post_type'    => 'acf-field',
			'post_name'    => $key,
			'post_title'   => $label,
			'post_excerpt' => $name,
			'post_content' => serialize( array( 'type' => $type, 'required' => 0 ) ), // phpcs:ignore -- ACF's own storage format.
		)
	);
}

register_post_type( 'acf-field', array( 'public' => false ) );
seed_acf_field( 'field_64a1b2c3d4e5f', 'subtitle', 'Subtitle', 'text' );
seed_acf_field( 'field_64a1b2c3d4e60', 'intro', 'Introduction', 'textarea' );
seed_acf_field( 'field_64a1b2c3d4e61', 'sidebar_text', 'Sidebar', 'wysiwyg' );
seed_acf_field( 'field_64a1b2c3d4e62', 'team_size', 'Team size', 'number' );

$image = seed_post(
	array(
		'post_type'      => 'attachment',
		'post_title'     => 'team',
		'post_mime_type' => 'image/jpeg',
		'guid'           => "$uploads/team.jpg",
		'post_status'    => 'inherit',
	)
);

$reusable = seed_post(
	array(
		'post_type'    => 'wp_block',
		'post_title'   => 'Newsletter call to action',
		'post_content' => "<!-- wp:paragraph -->\n<p>Get our <strong>monthly</strong> newsletter.</p>\n<!-- /wp:paragraph -->",
	)
);

$about_body = <<<HTML
<!-- wp:heading -->
<h2>Who we are</h2>
<!-- /wp:heading -->

<!-- wp:paragraph -->
<p>We build <a href="https://example.com/tools">translation tools</a> for <strong>agencies</strong> &amp; their clients.</p>
<!-- /wp:paragraph -->

<!-- wp:list -->
<ul><!-- wp:list-item -->
<li>Fast turnaround</li>
<!-- /wp:list-item -->

<!-- wp:list-item -->
<li>Reviewed by <em>native</em> speakers</li>
<!-- /wp:list-item --></ul>
<!-- /wp:list -->

<!-- wp:image {"id":$image,"sizeSlug":"large","linkDestination":"none"} -->
<figure class="wp-block-image size-large"><img src="$uploads/team.jpg" alt="Our team at the office &amp; garden" class="wp-image-$image"/><figcaption>The team in spring</figcaption></figure>
<!-- /wp:image -->

<!-- wp:buttons -->
<div class="wp-block-buttons"><!-- wp:button -->
<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="/contact/">Contact us</a></div>
<!-- /wp:button -->

<!-- wp:button {"className":"is-style-outline"} -->
<div class="wp-block-button is-style-outline"><a class="wp-block-button__link wp-element-button" href="/pricing/">See pricing</a></div>
<!-- /wp:button --></div>
<!-- /wp:buttons -->

<!-- wp:columns -->
<div class="wp-block-columns"><!-- wp:column -->
<div class="wp-block-column"><!-- wp:paragraph -->
<p>Projects start from your site.</p>
<!-- /wp:paragraph --></div>
<!-- /wp:column -->

<!-- wp:column -->
<div class="wp-block-column"><!-- wp:paragraph -->
<p>Translations go back as drafts.</p>
<!-- /wp:paragraph --></div>
<!-- /wp:column --></div>
<!-- /wp:columns -->

<!-- wp:group {"layout":{"type":"constrained"}} -->
<div class="wp-block-group"><!-- wp:heading {"level":3} -->
<h3>Our values</h3>
<!-- /wp:heading -->

<!-- wp:paragraph -->
<p>Quality first, then speed.</p>
<!-- /wp:paragraph --></div>
<!-- /wp:group -->

<!-- wp:cover {"url":"$uploads/harbour.jpg","id":$image,"alt":"Sunrise over the harbour","dimRatio":50} -->
<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><img class="wp-block-cover__image-background wp-image-$image" alt="Sunrise over the harbour" src="$uploads/harbour.jpg" data-object-fit="cover"/><div class="wp-block-cover__inner-container"><!-- wp:paragraph {"align":"center","placeholder":"Write title…","fontSize":"large"} -->
<p class="has-text-align-center has-large-font-size">A new day for your pages</p>
<!-- /wp:paragraph --></div></div>
<!-- /wp:cover -->

<!-- wp:shortcode -->
[contact-form-7 id="12" title="Contact form"]
<!-- /wp:shortcode -->

<!-- wp:paragraph -->
<p>Call us on [phone country="de"] or write to us.</p>
<!-- /wp:paragraph -->

<!-- wp:search {"label":"Search the site","placeholder":"Find a page…","buttonText":"Search"} /-->

<!-- wp:acme/hero {"headline":"Built for agencies","cta":"Start your free trial","align":"wide"} /-->

<!-- wp:acme/testimonial {"quote":"Wordmark saved us days.","author":"Jane Doe","rating":5} /-->

<!-- wp:block {"ref":$reusable} /-->
HTML;

$about = seed_post(
	array(
		'post_type'    => 'page',
		'post_title'   => 'About us',
		'post_excerpt' => 'Who we are and what we do.',
		'post_content' => $about_body,
	),
	array(
		'_yoast_wpseo_title'     => 'About us - Wordmark Test Site',
		'_yoast_wpseo_metadesc'  => 'Meet the team that builds translation tools.',
		'rank_math_title'        => 'About the team',
		'rank_math_description'  => 'Translation tools for agencies, made by people.',
		'subtitle'               => 'A small team with big pages',
		'_subtitle'              => 'field_64a1b2c3d4e5f',
		'intro'                  => "Line one of the intro.\nLine two.",
		'_intro'                 => 'field_64a1b2c3d4e60',
		'sidebar_text'           => '<p>Opening hours: <strong>9 to 5</strong></p>',
		'_sidebar_text'          => 'field_64a1b2c3d4e61',
		'team_size'              => '12',
		'_team_size'             => 'field_64a1b2c3d4e62',
		'_wp_page_template'      => 'wide.php',
		'_thumbnail_id'          => (string) $image,
		'unrelated_setting'      => 'not text to translate',
		'cta_text'               => 'Book a call',
	)
);

$team = seed_post(
	array(
		'post_type'    => 'page',
		'post_title'   => 'Our team',
		'post_parent'  => $about,
		'post_content' => "<!-- wp:heading -->\n<h2>The people</h2>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>Twelve linguists in four countries.</p>\n<!-- /wp:paragraph -->",
	)
);

$news   = wp_insert_term( 'News', 'category' )['term_id'];
$guides = wp_insert_term( 'Guides', 'category' )['term_id'];
if ( function_exists( 'wordmark_standin_set' ) ) {
	// The WPML site has News translated into German.
	$neuigkeiten = wp_insert_term( 'Neuigkeiten', 'category' )['term_id'];
	$trid        = apply_filters( 'wpml_element_trid', null, $news, 'tax_category' );
	do_action(
		'wpml_set_element_language_details',
		array(
			'element_id'           => $neuigkeiten,
			'element_type'         => 'tax_category',
			'trid'                 => $trid,
			'language_code'        => 'de',
			'source_language_code' => 'en',
		)
	);
} elseif ( function_exists( 'pll_save_term_translations' ) ) {
	// The Polylang site too.
	$neuigkeiten = wp_insert_term( 'Neuigkeiten', 'category' )['term_id'];
	pll_set_term_language( $neuigkeiten, 'de' );
	pll_save_term_translations(
		array(
			'en' => $news,
			'de' => $neuigkeiten,
		)
	);
}

$classic = seed_post(
	array(
		'post_type'     => 'post',
		'post_title'    => 'A classic post',
		'post_content'  => "This post was written in the classic editor.\r\n\r\n[caption id=\"attachment_$image\" align=\"alignnone\" width=\"300\"]<img class=\"size-medium\" src=\"$uploads/team.jpg\" alt=\"The team\" width=\"300\" height=\"200\" /> Our team[/caption]\r\n\r\nIt has <a href=\"https://example.com\">a link</a> and two categories.",
		'post_category' => array( $news, $guides ),
	),
	array( '_yoast_wpseo_focuskw' => 'classic editor' )
);

$articles = array();
for ( $n = 1; $n <= 18; $n++ ) {
	$articles[] = seed_post(
		array(
			'post_type'     => 'post',
			'post_title'    => "Article $n: translating websites",
			'post_content'  => "<!-- wp:paragraph -->\n<p>Article $n explains how <strong>websites</strong> are translated.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><!-- wp:paragraph -->\n<p>Words matter.</p>\n<!-- /wp:paragraph --><cite>An editor</cite></blockquote>\n<!-- /wp:quote -->",
			'post_category' => array( $guides ),
		)
	);
}

echo wp_json_encode( compact( 'about', 'team', 'classic', 'reusable', 'image', 'articles', 'news', 'guides' ) );
