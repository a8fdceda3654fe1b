<?php
/**
 * Every refusal of a translated XLIFF is named, and nothing of a refused or failed write is
 * kept.
 *
 * @package Wordmark_Connector
 */

/**
 * The errors of `PUT /wordmark/v1/content/{id}/translations/{lang}`.
 */
final class RefusalTest extends SiteTestCase {

	/**
	 * An article's pseudo-translated XLIFF, for refusal tests that use each their own article.
	 *
	 * @param int    $n    Which seeded article.
	 * @param string $lang The language.
	 */
	private static function article_xliff( int $n, string $lang ): array {
		$id = self::content( 'none' )['articles'][ $n ];
		return array( $id, Pseudo::xliff( self::export( 'none', $id, $lang ), $lang ) );
	}

	public function test_a_wrong_language_is_refused(): void {
		list( $id, $xliff ) = self::article_xliff( 4, 'de' );
		self::assertRefused( 400, 'wordmark_wrong_language', self::publish( 'none', $id, 'en', $xliff ) );
		self::assertRefused( 422, 'wordmark_wrong_language', self::publish( 'none', $id, 'fr', $xliff ) );
		$wpml = self::content( 'wpml' )['about'];
		self::assertRefused( 400, 'wordmark_wrong_language', self::publish( 'wpml', $wpml, 'it', Pseudo::xliff( self::export( 'wpml', $wpml, 'de' ), 'it' ) ) );
		$this->assertNull( self::listed( 'none', $id, 'langs=de,fr' )['translations']['fr'] );
	}

	public function test_an_item_that_no_longer_exists_is_refused(): void {
		list( $id, $xliff ) = self::article_xliff( 5, 'de' );
		$trash              = self::api( 'none', 'DELETE', "/wp/v2/posts/$id" );
		$this->assertSame( 200, $trash->status, $trash->body );
		self::assertRefused( 404, 'wordmark_item_not_found', self::publish( 'none', $id, 'de', $xliff ) );
		self::assertRefused( 404, 'wordmark_item_not_found', self::publish( 'none', 999999, 'de', $xliff ) );
		$this->assertSame( array(), self::db( 'none', "SELECT post_id FROM wp_postmeta WHERE meta_key = '_wordmark_source_id' AND meta_value = '$id'" ) );
	}

	public function test_the_xliff_of_another_item_is_refused(): void {
		list( , $xliff ) = self::article_xliff( 6, 'de' );
		$other           = self::content( 'none' )['articles'][7];
		self::assertRefused( 422, 'wordmark_xliff_other_item', self::publish( 'none', $other, 'de', $xliff ) );
		// Another site's item with the same id and language is another item too.
		$wpml_xliff = Pseudo::xliff( self::export( 'wpml', $other, 'de' ), 'de' );
		self::assertRefused( 422, 'wordmark_xliff_other_item', self::publish( 'none', $other, 'de', $wpml_xliff ) );
		$this->assertNull( self::listed( 'none', $other, 'langs=de' )['translations']['de'] );
	}

	public function test_a_file_too_large_is_refused(): void {
		list( $id, $xliff ) = self::article_xliff( 8, 'de' );
		$padded             = str_replace( '</body>', '<!--' . str_repeat( 'x', 1024 * 1024 ) . '--></body>', $xliff );
		self::assertRefused( 413, 'wordmark_too_large', self::publish( 'none', $id, 'de', $padded ) );
	}

	public function test_a_file_not_well_formed_is_refused(): void {
		list( $id, $xliff ) = self::article_xliff( 9, 'de' );
		$broken             = array(
			'truncated'       => substr( $xliff, 0, (int) ( strlen( $xliff ) / 2 ) ),
			'empty'           => '',
			'not XLIFF'       => '<?xml version="1.0"?><html><body/></html>',
			'entity bomb'     => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>' . substr( $xliff, strpos( $xliff, '<xliff' ) ),
			'two files'       => str_replace( '</file>', '</file><file original="x"><body/></file>', $xliff ),
			'duplicate units' => str_replace( 'id="body"', 'id="title"', $xliff ),
		);
		foreach ( $broken as $what => $file ) {
			$answer = self::publish( 'none', $id, 'de', $file );
			self::assertRefused( 400, 'wordmark_xliff_malformed', $answer );
		}
		$this->assertStringContainsString( 'line 2', self::publish( 'none', $id, 'de', $broken['truncated'] )->json()['message'] );
		$this->assertNull( self::listed( 'none', $id, 'langs=de' )['translations']['de'] );
	}

	public function test_a_translation_that_breaks_the_blocks_is_refused(): void {
		$about = self::content( 'none' )['about'];
		$xliff = self::export( 'none', $about, 'sv' );
		$cases = array(
			'a block comment lost'     => static fn ( $id, $t ) => 'body' === $id ? preg_replace( '/<!-- \/?wp:heading -->/', '', $t, 2 ) : $t,
			'an attribute changed'     => static fn ( $id, $t ) => 'body' === $id ? str_replace( '{"level":3}', '{"level":4}', $t ) : $t,
			'a block renamed'          => static fn ( $id, $t ) => 'body' === $id ? str_replace( 'wp:acme/hero', 'wp:acme/banner', $t ) : $t,
			'a block moved out'        => static fn ( $id, $t ) => 'body' === $id ? str_replace( '<!-- /wp:column -->', '<!-- /wp:column --><!-- wp:separator /-->', $t ) : $t,
		);
		foreach ( $cases as $what => $change ) {
			$answer = self::publish( 'none', $about, 'sv', Pseudo::xliff( $xliff, 'sv', $change ) );
			self::assertRefused( 422, 'wordmark_blocks_changed', $answer );
		}
		$this->assertNull( self::listed( 'none', $about, 'langs=sv' )['translations']['sv'] );
	}

	public function test_a_unit_that_is_no_field_of_the_item_is_refused(): void {
		list( $id, $xliff ) = self::article_xliff( 10, 'de' );
		$unit               = '<trans-unit resname="x" restype="string" datatype="html" id="field-_wp_page_template-0"><source><![CDATA[a]]></source><target><![CDATA[b]]></target></trans-unit>';
		self::assertRefused( 422, 'wordmark_xliff_unknown_unit', self::publish( 'none', $id, 'de', str_replace( '</body>', "$unit</body>", $xliff ) ) );
		$this->assertNull( self::meta( 'none', $id, '_wp_page_template' ) );
	}

	public function test_a_user_who_may_not_publish_sends_drafts_only(): void {
		list( $id, $xliff ) = self::article_xliff( 12, 'de' );
		self::assertRefused( 403, 'wordmark_forbidden', self::api( 'none', 'PUT', "/wordmark/v1/content/$id/translations/de?status=publish", $xliff, 'reviewer' ) );
		$this->assertNull( self::listed( 'none', $id, 'langs=de' )['translations']['de'] );
		$draft = self::api( 'none', 'PUT', "/wordmark/v1/content/$id/translations/de?status=draft", $xliff, 'reviewer' );
		$this->assertSame( 201, $draft->status, $draft->body );
		$this->assertSame( 'draft', $draft->json()['status'] );
	}

	public function test_an_unknown_status_is_refused(): void {
		list( $id, $xliff ) = self::article_xliff( 11, 'de' );
		self::assertRefused( 400, 'rest_invalid_param', self::publish( 'none', $id, 'de', $xliff, 'trash' ) );
	}

	public function test_a_failed_update_leaves_the_translation_as_it_was(): void {
		$about  = self::content( 'none' )['about'];
		$first  = self::translate( 'none', $about, 'pt' );
		$before = self::wp_post( 'none', $first['post_id'] );
		$posts  = self::db( 'none', 'SELECT COUNT(*) AS n FROM wp_posts' )[0]['n'];

		// The test site fails the write of a meta value holding this marker, after the post.
		$failing = Pseudo::xliff(
			self::export( 'none', $about, 'pt' ),
			'pt',
			static fn ( $id, $t ) => match ( $id ) {
				'title' => 'A new title',
				'field-subtitle-0' => 'WORDMARK-TEST-FAIL',
				default => $t,
			}
		);
		self::assertRefused( 500, 'wordmark_write_failed', self::publish( 'none', $about, 'pt', $failing, 'publish' ) );

		$after = self::wp_post( 'none', $first['post_id'] );
		$this->assertSame( 'PT:About us', $after['title']['raw'] );
		$this->assertSame( 'draft', $after['status'] );
		$this->assertSame( $before['content']['raw'], $after['content']['raw'] );
		$this->assertSame( $before['modified_gmt'], $after['modified_gmt'] );
		$this->assertSame( 'PT:A small team with big pages', self::meta( 'none', $first['post_id'], 'subtitle' ) );
		$this->assertSame( $posts, self::db( 'none', 'SELECT COUNT(*) AS n FROM wp_posts' )[0]['n'], 'no revision kept either' );
	}

	public function test_a_failed_first_write_creates_no_post(): void {
		$about   = self::content( 'none' )['about'];
		$posts   = self::db( 'none', 'SELECT COUNT(*) AS n FROM wp_posts' )[0]['n'];
		$failing = Pseudo::xliff( self::export( 'none', $about, 'es' ), 'es', static fn ( $id, $t ) => 'field-subtitle-0' === $id ? 'WORDMARK-TEST-FAIL' : $t );
		self::assertRefused( 500, 'wordmark_write_failed', self::publish( 'none', $about, 'es', $failing ) );
		$this->assertSame( $posts, self::db( 'none', 'SELECT COUNT(*) AS n FROM wp_posts' )[0]['n'] );
		$this->assertSame( array(), self::db( 'none', "SELECT post_id FROM wp_postmeta WHERE meta_key = '_wordmark_language' AND meta_value = 'es'" ) );
		$this->assertNull( self::listed( 'none', $about, 'langs=es' )['translations']['es'] );
	}
}
