<?php
/**
 * Writing translations back, on the site without a multilingual plugin.
 *
 * @package Wordmark_Connector
 */

/**
 * `PUT /wordmark/v1/content/{id}/translations/{lang}` and what the listing says after.
 */
final class PublishTest extends SiteTestCase {

	public function test_a_translated_page_keeps_its_blocks_with_only_the_text_translated(): void {
		$about  = self::content( 'none' )['about'];
		$result = self::translate( 'none', $about, 'de' );
		$this->assertTrue( $result['created'] );
		$this->assertSame( 'draft', $result['status'] );
		$this->assertSame( $about, $result['item'] );
		$this->assertStringContainsString( "post={$result['post_id']}&action=edit", $result['edit_link'] );

		$source      = self::wp_post( 'none', $about );
		$translation = self::wp_post( 'none', $result['post_id'] );
		self::assertTranslatedBlocks( $source['content']['raw'], $translation['content']['raw'], 'de' );
		$this->assertStringContainsString( '<a class="wp-block-button__link wp-element-button" href="/contact/">DE:Contact us</a>', $translation['content']['raw'] );
		$this->assertStringContainsString( 'alt="DE:Our team at the office &amp; garden"', $translation['content']['raw'] );
		$this->assertStringContainsString( '[contact-form-7 id="12" title="Contact form"]', $translation['content']['raw'] );
		$this->assertSame( 'DE:About us', $translation['title']['raw'] );
		$this->assertSame( 'DE:Who we are and what we do.', $translation['excerpt']['raw'] );
		$this->assertSame( 'draft', $translation['status'] );
		$this->assertSame( 'page', $translation['type'] );

		$id = $result['post_id'];
		$this->assertSame( 'DE:About us - Wordmark Test Site', self::meta( 'none', $id, '_yoast_wpseo_title' ) );
		$this->assertSame( 'DE:Translation tools for agencies, made by people.', self::meta( 'none', $id, 'rank_math_description' ) );
		$this->assertSame( 'DE:A small team with big pages', self::meta( 'none', $id, 'subtitle' ) );
		$this->assertSame( 'field_64a1b2c3d4e5f', self::meta( 'none', $id, '_subtitle' ), "ACF's field reference goes along" );
		$this->assertSame( "DE:Line one of the intro.\nLine two.", self::meta( 'none', $id, 'intro' ) );
		$this->assertSame( '<p>DE:Opening hours: <strong>DE:9 to 5</strong></p>', self::meta( 'none', $id, 'sidebar_text' ) );
		$this->assertSame( 'DE:Book a call', self::meta( 'none', $id, 'cta_text' ), 'a key added through wordmark_meta_keys' );
		$this->assertNull( self::meta( 'none', $id, 'team_size' ), 'a number field is not text' );
		$this->assertNull( self::meta( 'none', $id, 'unrelated_setting' ) );
		$this->assertSame( 'wide.php', self::meta( 'none', $id, '_wp_page_template' ) );
		$this->assertSame( (string) self::content( 'none' )['image'], self::meta( 'none', $id, '_thumbnail_id' ) );
		$this->assertSame( (string) $about, self::meta( 'none', $id, '_wordmark_source_id' ) );
		$this->assertSame( 'de', self::meta( 'none', $id, '_wordmark_language' ) );

		$listed = self::listed( 'none', $about, 'langs=de' );
		$this->assertSame( $id, $listed['translations']['de']['id'] );
		$this->assertFalse( $listed['translations']['de']['source_changed'] );
		$this->assertNull( self::listed( 'none', $id, 'langs=de' ), 'a translation is not source content' );
	}

	public function test_quotes_and_brackets_in_text_attributes_keep_the_block_valid(): void {
		$about  = self::content( 'none' )['about'];
		$xliff  = Pseudo::xliff(
			self::export( 'none', $about, 'it' ),
			'it',
			static fn ( $id, $t ) => match ( $id ) {
				"package-string-$about-0" => 'Il "team" & <l\'ufficio>',
				"package-string-$about-5" => 'Fatto "per" <agenzie> & -- voi',
				default => $t,
			}
		);
		$answer = self::publish( 'none', $about, 'it', $xliff );
		$this->assertSame( 201, $answer->status, $answer->body );
		$raw    = self::wp_post( 'none', $answer->json()['post_id'] )['content']['raw'];
		$blocks = array_values( array_filter( ( new WP_Block_Parser() )->parse( $raw ), static fn ( $b ) => null !== $b['blockName'] ) );
		$image  = array_values( array_filter( $blocks, static fn ( $b ) => 'core/image' === $b['blockName'] ) )[0];
		$hero   = array_values( array_filter( $blocks, static fn ( $b ) => 'acme/hero' === $b['blockName'] ) )[0];
		$this->assertStringContainsString( 'alt="Il &quot;team&quot; &amp; &lt;l&#039;ufficio&gt;"', $image['innerHTML'] );
		$this->assertSame( 'Fatto "per" <agenzie> & -- voi', $hero['attrs']['headline'] );
		$this->assertSame( 1, preg_match( '#<!-- wp:acme/hero (\{[^}]*\}) /-->#', $raw, $comment ) );
		$this->assertStringNotContainsString( '--', $comment[1], 'an HTML comment cannot hold --' );
	}

	public function test_the_same_xliff_twice_updates_the_same_post_with_its_parent_mapped(): void {
		$ids   = self::content( 'none' );
		$about = self::translate( 'none', $ids['about'], 'nl' );
		$xliff = Pseudo::xliff( self::export( 'none', $ids['team'], 'nl' ), 'nl' );

		$first = self::publish( 'none', $ids['team'], 'nl', $xliff );
		$this->assertSame( 201, $first->status, $first->body );
		$again = self::publish( 'none', $ids['team'], 'nl', $xliff, 'publish' );
		$this->assertSame( 200, $again->status, $again->body );
		$this->assertSame( $first->json()['post_id'], $again->json()['post_id'] );
		$this->assertFalse( $again->json()['created'] );

		$team = self::wp_post( 'none', $again->json()['post_id'] );
		$this->assertSame( 'publish', $team['status'], 'published as asked the second time' );
		$this->assertSame( $about['post_id'], $team['parent'], "the parent is the parent's translation" );
		$this->assertCount( 1, self::db( 'none', "SELECT post_id FROM wp_postmeta WHERE meta_key = '_wordmark_source_id' AND meta_value = '{$ids['team']}'" ) );
	}

	public function test_a_classic_post_keeps_its_html_shortcodes_and_categories(): void {
		$ids    = self::content( 'none' );
		$result = self::translate( 'none', $ids['classic'], 'de' );
		$source = self::wp_post( 'none', $ids['classic'], 'posts' );
		$post   = self::wp_post( 'none', $result['post_id'], 'posts' );
		// XML reading turns CRLF into LF; WordPress shows both alike.
		$this->assertSame( Pseudo::html( str_replace( "\r\n", "\n", $source['content']['raw'] ), 'de' ), $post['content']['raw'] );
		$this->assertSame( $source['categories'], $post['categories'] );
		$this->assertSame( 'DE:classic editor', self::meta( 'none', $result['post_id'], '_yoast_wpseo_focuskw' ) );
	}

	public function test_a_changed_source_is_listed_as_changed_since_its_translation(): void {
		$article = self::content( 'none' )['articles'][0];
		self::translate( 'none', $article, 'de' );
		$before = self::listed( 'none', $article, 'langs=de' );
		$this->assertFalse( $before['translations']['de']['source_changed'] );
		$this->assertSame( $before['hash'], $before['translations']['de']['source_hash'] );

		$edit = self::api( 'none', 'POST', "/wp/v2/posts/$article", '{"title":"Article 1: translating websites, revised"}', 'editor', 'application/json' );
		$this->assertSame( 200, $edit->status, $edit->body );
		$after = self::listed( 'none', $article, 'langs=de' );
		$this->assertNotSame( $before['hash'], $after['hash'] );
		$this->assertTrue( $after['translations']['de']['source_changed'] );

		$other = self::listed( 'none', self::content( 'none' )['articles'][1], 'langs=de' );
		$this->assertNull( $other['translations']['de'], 'not translated' );
	}

	public function test_the_listing_pages_and_filters_by_type_and_modification_time(): void {
		$ids   = self::content( 'none' );
		$pages = array();
		for ( $page = 1; ; $page++ ) {
			$json    = self::api( 'none', 'GET', "/wordmark/v1/content?per_page=7&page=$page&langs=de" )->json();
			$pages[] = array_column( $json['items'], 'id' );
			if ( $page >= $json['total_pages'] ) {
				break;
			}
		}
		$all = array_merge( ...$pages );
		$this->assertSame( $json['total'], count( $all ) );
		$this->assertSame( $all, array_values( array_unique( $all ) ) );
		foreach ( array( 'about', 'team', 'classic' ) as $seeded ) {
			$this->assertContains( $ids[ $seeded ], $all );
		}
		$this->assertNotContains( $ids['reusable'], $all, 'reusable blocks are not offered' );
		$this->assertNotContains( $ids['image'], $all, 'media are not offered' );

		$pages_only = self::api( 'none', 'GET', '/wordmark/v1/content?type=page&per_page=100' )->json();
		$this->assertSame( array( 'page' ), array_values( array_unique( array_column( $pages_only['items'], 'type' ) ) ) );
		$team = array_values( array_filter( $pages_only['items'], static fn ( $i ) => $i['id'] === $ids['team'] ) )[0];
		$this->assertSame( $ids['about'], $team['parent'] );

		// A modification time far ahead, so that no other test's edit can fall after it.
		$article = $ids['articles'][3];
		self::db( 'none', "UPDATE wp_posts SET post_modified_gmt = '2099-01-01 10:00:00' WHERE ID = $article" );
		$after = self::api( 'none', 'GET', '/wordmark/v1/content?modified_after=2099-01-01T09:59:59Z' )->json();
		$this->assertSame( array( $article ), array_column( $after['items'], 'id' ) );
		$this->assertSame( '2099-01-01T10:00:00+00:00', $after['items'][0]['modified'] );

		self::assertRefused( 400, 'wordmark_invalid_type', self::api( 'none', 'GET', '/wordmark/v1/content?type=page,product' ) );
		self::assertRefused( 400, 'wordmark_wrong_language', self::api( 'wpml', 'GET', '/wordmark/v1/content?langs=de,it' ) );
		self::assertRefused( 400, 'rest_invalid_param', self::api( 'none', 'GET', '/wordmark/v1/content?modified_after=yesterday' ) );
	}
}
