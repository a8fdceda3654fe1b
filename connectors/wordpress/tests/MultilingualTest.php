<?php
/**
 * Linking translations through WPML's and Polylang's documented API, against the stand-ins in
 * test-site/stand-ins/ (not the real plugins).
 *
 * @package Wordmark_Connector
 */

/**
 * The same writes on the WPML and the Polylang site.
 */
final class MultilingualTest extends SiteTestCase {

	public function test_wpml_links_the_translation_into_the_sources_translation_group(): void {
		$ids    = self::content( 'wpml' );
		$about  = self::translate( 'wpml', $ids['about'], 'de' );
		$source = self::db( 'wpml', "SELECT trid, language_code FROM wp_icl_translations WHERE element_type = 'post_page' AND element_id = {$ids['about']}" )[0];
		$linked = self::db( 'wpml', "SELECT trid, language_code, source_language_code FROM wp_icl_translations WHERE element_type = 'post_page' AND element_id = {$about['post_id']}" );
		$this->assertSame(
			array(
				array(
					'trid'                 => $source['trid'],
					'language_code'        => 'de',
					'source_language_code' => 'en',
				),
			),
			$linked
		);
		$this->assertSame( 'en', $source['language_code'] );
		$this->assertSame( $about['post_id'], self::listed( 'wpml', $ids['about'] )['translations']['de']['id'] );
		$this->assertNull( self::listed( 'wpml', $about['post_id'] ), 'the German page is not source content' );
		self::assertTranslatedBlocks( self::wp_post( 'wpml', $ids['about'] )['content']['raw'], self::wp_post( 'wpml', $about['post_id'] )['content']['raw'], 'de' );
	}

	public function test_wpml_maps_parent_and_categories_to_their_translations(): void {
		$ids     = self::content( 'wpml' );
		$about   = self::translate( 'wpml', $ids['about'], 'fr' );
		$team    = self::translate( 'wpml', $ids['team'], 'fr' );
		$again   = self::translate( 'wpml', $ids['team'], 'fr' );
		$classic = self::translate( 'wpml', $ids['classic'], 'de' );
		$this->assertSame( $team['post_id'], $again['post_id'], 'found again through wpml_object_id' );
		$this->assertSame( $about['post_id'], self::wp_post( 'wpml', $team['post_id'] )['parent'] );
		$neuigkeiten = self::db( 'wpml', "SELECT term_id FROM wp_terms WHERE name = 'Neuigkeiten'" )[0]['term_id'];
		// News has a German translation; Guides has none and is left off.
		$this->assertSame( array( (int) $neuigkeiten ), self::wp_post( 'wpml', $classic['post_id'], 'posts' )['categories'] );
		$this->assertCount( 2, self::db( 'wpml', "SELECT element_id FROM wp_icl_translations WHERE element_type = 'post_page' AND language_code = 'fr'" ) );
	}

	public function test_polylang_sets_the_language_and_saves_the_translation_group(): void {
		$ids   = self::content( 'polylang' );
		$about = self::translate( 'polylang', $ids['about'], 'de' );
		$this->assertSame( 'de', self::meta( 'polylang', $about['post_id'], '_standin_pll_language' ) );
		$group = array(
			'en' => $ids['about'],
			'de' => $about['post_id'],
		);
		$this->assertSame( serialize( $group ), self::meta( 'polylang', $about['post_id'], '_standin_pll_translations' ) ); // phpcs:ignore -- how update_post_meta stores the array.
		$this->assertSame( serialize( $group ), self::meta( 'polylang', $ids['about'], '_standin_pll_translations' ) ); // phpcs:ignore
		$this->assertSame( $about['post_id'], self::listed( 'polylang', $ids['about'] )['translations']['de']['id'] );
		$this->assertNull( self::listed( 'polylang', $about['post_id'] ) );
		$this->assertSame( $about['post_id'], self::translate( 'polylang', $ids['about'], 'de' )['post_id'], 'found again through pll_get_post' );
	}

	public function test_polylang_maps_parent_and_categories_to_their_translations(): void {
		$ids     = self::content( 'polylang' );
		$about   = self::translate( 'polylang', $ids['about'], 'fr' );
		$team    = self::translate( 'polylang', $ids['team'], 'fr' );
		$classic = self::translate( 'polylang', $ids['classic'], 'de' );
		$this->assertSame( $about['post_id'], self::wp_post( 'polylang', $team['post_id'] )['parent'] );
		$neuigkeiten = self::db( 'polylang', "SELECT term_id FROM wp_terms WHERE name = 'Neuigkeiten'" )[0]['term_id'];
		$this->assertSame( array( (int) $neuigkeiten ), self::wp_post( 'polylang', $classic['post_id'], 'posts' )['categories'] );
	}

	public function test_a_language_the_multilingual_plugin_does_not_have_is_refused(): void {
		foreach ( array( 'wpml', 'polylang' ) as $kind ) {
			$about = self::content( $kind )['about'];
			self::assertRefused( 400, 'wordmark_wrong_language', self::api( $kind, 'GET', "/wordmark/v1/content/$about/xliff?lang=it" ) );
			self::assertRefused( 400, 'wordmark_wrong_language', self::api( $kind, 'GET', "/wordmark/v1/content/$about/xliff?lang=en" ) );
		}
	}

	public function test_a_translation_made_in_wpml_is_listed_with_its_state_unknown_and_updated_in_place(): void {
		$article = self::content( 'wpml' )['articles'][0];
		$made    = self::api( 'wpml', 'POST', '/wp/v2/posts', '{"title":"Artikel 1, in WPML übersetzt","status":"publish"}', 'editor', 'application/json' );
		$this->assertSame( 201, $made->status, $made->body );
		$id   = $made->json()['id'];
		$trid = self::db( 'wpml', "SELECT trid FROM wp_icl_translations WHERE element_type = 'post_post' AND element_id = $article" )[0]['trid'];
		// As WPML's translation editor links it.
		self::db( 'wpml', "UPDATE wp_icl_translations SET trid = $trid, language_code = 'de', source_language_code = 'en' WHERE element_type = 'post_post' AND element_id = $id" );

		$listed = self::listed( 'wpml', $article, 'langs=de' )['translations']['de'];
		$this->assertSame( $id, $listed['id'] );
		$this->assertNull( $listed['source_hash'] );
		$this->assertNull( $listed['source_changed'], 'not written by the plugin: what it was made from is unknown' );

		$result = self::translate( 'wpml', $article, 'de' );
		$this->assertSame( $id, $result['post_id'] );
		$this->assertFalse( $result['created'] );
		$this->assertFalse( self::listed( 'wpml', $article, 'langs=de' )['translations']['de']['source_changed'] );
	}
}
