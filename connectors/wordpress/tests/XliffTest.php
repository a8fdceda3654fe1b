<?php
/**
 * The XLIFF an item is exported as: WPML's layout, the fields, the block attributes.
 *
 * @package Wordmark_Connector
 */

/**
 * `GET /wordmark/v1/content/{id}/xliff`.
 */
final class XliffTest extends SiteTestCase {

	/**
	 * The units of an XLIFF: id → [resname, source, target, extradata attributes].
	 *
	 * @param string $xliff The file.
	 */
	private static function units( string $xliff ): array {
		$dom = new DOMDocument();
		self::assertTrue( $dom->loadXML( $xliff ) );
		$units = array();
		foreach ( $dom->getElementsByTagName( 'trans-unit' ) as $unit ) {
			$extra = $unit->getElementsByTagNameNS( 'https://cdn.wpml.org/xliff/custom-attributes.xsd', 'extradata' )->item( 0 );
			$units[ $unit->getAttribute( 'id' ) ] = array(
				'resname' => $unit->getAttribute( 'resname' ),
				'source'  => $unit->getElementsByTagName( 'source' )->item( 0 )->textContent,
				'target'  => $unit->getElementsByTagName( 'target' )->item( 0 )->textContent,
				'unit'    => $extra->getAttribute( 'unit' ),
				'type'    => $extra->getAttribute( 'type' ),
				'group'   => $extra->getAttribute( 'group' ),
			);
		}
		return $units;
	}

	public function test_a_page_is_written_in_wpmls_layout(): void {
		$about = self::content( 'none' )['about'];
		$xliff = self::export( 'none', $about, 'de' );

		// The declaration, then the whole document on one line without a trailing newline.
		$this->assertStringStartsWith( '<?xml version="1.0" encoding="utf-8" standalone="no"?>' . "\n" . '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" xmlns:tool="https://cdn.wpml.org/xliff/custom-attributes.xsd"><file original="', $xliff );
		$this->assertStringEndsWith( '</body></file></xliff>', $xliff );
		// WPML's attribute order on <file>, <trans-unit> and <tool:extradata>.
		$this->assertMatchesRegularExpression( "{<file original=\"$about-[0-9a-f]{32}\" source-language=\"en\" target-language=\"de\" tool:source-language-domain=\"http://[^\"]+\" tool:target-language-domain=\"http://[^\"]+\" tool:sender-id=\"\d+\" tool:wpml-words-to-translate-count=\"\d+\" datatype=\"plaintext\"><header><phase-group><phase phase-name=\"shortcodes\" process-name=\"Shortcodes identification\"><note>[^<]*caption[^<]*</note></phase><phase phase-name=\"post_type\" process-name=\"Post type\"><note>post_page</note></phase></phase-group><reference><external-file href=\"http://[^\"]+/about-us/\"/></reference></header><body><trans-unit resname=\"title\" restype=\"string\" datatype=\"html\" id=\"title\"><source><!\[CDATA\[About us\]\]></source><target><!\[CDATA\[About us\]\]></target><tool:extradata unit=\"Title\" type=\"text\" group=\"Main Content\" group_id=\"Main_Content-0\"/></trans-unit><trans-unit resname=\"body\" }", $xliff );
		$this->assertSame( 1, substr_count( preg_replace( '{<!\[CDATA\[.*?\]\]>}s', '', $xliff ), "\n" ), 'newlines only inside CDATA' );
	}

	public function test_the_layout_is_that_of_a_real_wpml_export(): void {
		$corpus = getenv( 'WORDMARK_CORPUS' );
		if ( ! $corpus ) {
			$this->markTestSkipped( 'needs the reference corpus (WORDMARK_CORPUS)' );
		}
		$wpml  = file_get_contents( "$corpus/xliff/wpml/bridge-project_job-670_en-cs_stm-lessons_custom-field-excerpt.REDACTED.xliff" );
		$ours  = self::export( 'none', self::content( 'none' )['about'], 'de' );
		$shape = static function ( string $xliff ): array {
			preg_match_all( '{<([a-z:-]+)((?: [a-z:_-]+="[^"]*")*)/?>}', preg_replace( '{<!\[CDATA\[.*?\]\]>}s', '', $xliff ), $tags, PREG_SET_ORDER );
			$shape = array();
			foreach ( $tags as $tag ) {
				preg_match_all( '{ ([a-z:_-]+)=}', $tag[2], $names );
				// Each element with the order of its attributes; WPML's sender-* and cost
				// attributes are the ones the plugin leaves out (no user's e-mail in files).
				$shape[ $tag[1] ] = array_values( array_diff( $names[1], array( 'tool:sender-username', 'tool:sender-email', 'tool:sender-display-name', 'tool:wpml-automatic-translation-costs' ) ) );
			}
			return $shape;
		};
		$this->assertSame( $shape( $wpml ), $shape( $ours ) );
		$this->assertSame( strpos( $wpml, "\n" ), strpos( $ours, "\n" ) );
		$this->assertSame( 1, substr_count( substr( $wpml, 0, strpos( $wpml, '<![CDATA[' ) ), "\n" ) );
		$this->assertSame( 1, substr_count( substr( $ours, 0, strpos( $ours, '<![CDATA[' ) ), "\n" ) );
	}

	public function test_the_fields_are_title_body_excerpt_seo_acf_text_fields_and_block_text(): void {
		$about = self::content( 'none' )['about'];
		$units = self::units( self::export( 'none', $about, 'de' ) );
		$this->assertSame(
			array(
				'title',
				'body',
				'excerpt',
				'field-_yoast_wpseo_title-0',
				'field-_yoast_wpseo_metadesc-0',
				'field-rank_math_title-0',
				'field-rank_math_description-0',
				'field-subtitle-0',
				'field-intro-0',
				'field-sidebar_text-0',
				'field-cta_text-0',
				"package-string-$about-0",
				"package-string-$about-1",
				"package-string-$about-2",
				"package-string-$about-3",
				"package-string-$about-4",
				"package-string-$about-5",
				"package-string-$about-6",
				"package-string-$about-7",
			),
			array_keys( $units )
		);
		foreach ( $units as $id => $unit ) {
			$this->assertSame( $unit['source'], $unit['target'], "$id: an untranslated job's targets copy its sources" );
		}
		$this->assertSame( self::wp_post( 'none', $about )['content']['raw'], $units['body']['source'], 'the body keeps its block markup' );
		$this->assertSame( array( 'Subtitle', 'Subtitle', 'custom_field', 'Custom Fields' ), array( $units['field-subtitle-0']['resname'], $units['field-subtitle-0']['unit'], $units['field-subtitle-0']['type'], $units['field-subtitle-0']['group'] ) );
		$this->assertSame( "Line one of the intro.\nLine two.", $units['field-intro-0']['source'] );
		$blocks = array();
		for ( $n = 0; $n < 8; $n++ ) {
			$unit     = $units[ "package-string-$about-$n" ];
			$blocks[] = $unit['resname'] . ' = ' . $unit['source'];
		}
		$this->assertSame(
			array(
				'core/image: alt = Our team at the office &amp; garden',
				'core/cover: alt = Sunrise over the harbour',
				'core/search: label = Search the site',
				'core/search: placeholder = Find a page…',
				'core/search: buttonText = Search',
				'acme/hero: headline = Built for agencies',
				'acme/hero: cta = Start your free trial',
				'acme/testimonial: quote = Wordmark saved us days.',
			),
			$blocks
		);
	}

	public function test_a_classic_post_keeps_its_html_and_shortcodes(): void {
		$units = self::units( self::export( 'none', self::content( 'none' )['classic'], 'fr' ) );
		$this->assertSame( array( 'title', 'body', 'field-_yoast_wpseo_focuskw-0' ), array_keys( $units ) );
		$this->assertStringContainsString( '[caption id="attachment_', $units['body']['source'] );
		$this->assertStringContainsString( "\n\nIt has <a href=\"https://example.com\">a link</a>", $units['body']['source'] );
	}

	public function test_the_original_differs_by_item_and_language_and_stays_the_same(): void {
		$ids      = self::content( 'none' );
		$original = static fn ( $xliff ) => preg_match( '/original="([^"]+)"/', $xliff, $m ) ? $m[1] : null;
		$de       = $original( self::export( 'none', $ids['about'], 'de' ) );
		$this->assertSame( $de, $original( self::export( 'none', $ids['about'], 'de' ) ) );
		$this->assertNotSame( $de, $original( self::export( 'none', $ids['about'], 'fr' ) ) );
		$this->assertNotSame( substr( $de, strpos( $de, '-' ) ), substr( $original( self::export( 'none', $ids['team'], 'de' ) ), strlen( (string) $ids['team'] ) ) );
	}

	public function test_an_item_that_does_not_exist_or_a_wrong_language_is_refused(): void {
		self::assertRefused( 404, 'wordmark_item_not_found', self::api( 'none', 'GET', '/wordmark/v1/content/999999/xliff?lang=de' ) );
		self::assertRefused( 400, 'wordmark_wrong_language', self::api( 'none', 'GET', '/wordmark/v1/content/' . self::content( 'none' )['about'] . '/xliff?lang=en' ) );
		self::assertRefused( 400, 'wordmark_wrong_language', self::api( 'wpml', 'GET', '/wordmark/v1/content/' . self::content( 'wpml' )['about'] . '/xliff?lang=it' ) );
	}

	/**
	 * Wordmark's core reads this file in its own tests (crates/core/tests/xliff_connector.rs):
	 * the About page as the plugin exports it, the site's address and id made constant.
	 * `WORDMARK_UPDATE_FIXTURES=1` writes it anew.
	 */
	public function test_the_core_crates_fixture_is_what_the_plugin_writes(): void {
		$fixture = dirname( __DIR__, 3 ) . '/crates/core/tests/fixtures/xliff/wordmark-connector-page.xliff';
		$about   = self::content( 'none' )['about'];
		$xliff   = str_replace( Sites::get( 'none' )['url'], 'https://wordpress.example', self::export( 'none', $about, 'de' ) );
		$xliff   = preg_replace( "/original=\"$about-[0-9a-f]{32}\"/", "original=\"$about-" . md5( 'wordmark-fixture' ) . '"', $xliff );
		if ( getenv( 'WORDMARK_UPDATE_FIXTURES' ) ) {
			file_put_contents( $fixture, $xliff );
		}
		$this->assertSame( file_get_contents( $fixture ), $xliff, 'the plugin writes another XLIFF now: WORDMARK_UPDATE_FIXTURES=1 writes the fixture anew' );
	}

	public function test_text_that_xml_cannot_carry_as_is_comes_back_intact(): void {
		$created = self::api( 'none', 'POST', '/wp/v2/posts', json_encode( array( 'title' => "Edge ]]> case \u{1} \u{1F600}", 'content' => "<!-- wp:paragraph -->\n<p>Ends in ]]> and a ]</p>\n<!-- /wp:paragraph -->\r\n\r\n<!-- wp:paragraph -->\n<p>&nbsp;&rsquo; x</p>\n<!-- /wp:paragraph -->", 'status' => 'publish' ) ), 'editor', 'application/json' );
		$this->assertSame( 201, $created->status, $created->body );
		$id    = $created->json()['id'];
		$units = self::units( self::export( 'none', $id, 'de' ) );
		$this->assertSame( "Edge ]]> case  \u{1F600}", $units['title']['source'], 'the control character is dropped, the rest kept' );
		$this->assertStringContainsString( '<p>Ends in ]]> and a ]</p>', $units['body']['source'] );

		$result = self::translate( 'none', $id, 'de' );
		$post   = self::wp_post( 'none', $result['post_id'], 'posts' );
		$this->assertSame( "DE:Edge ]]> case  \u{1F600}", $post['title']['raw'] );
		$this->assertStringContainsString( '<p>DE:Ends in ]]> and a ]</p>', $post['content']['raw'] );
		$this->assertStringContainsString( '<p>DE:&nbsp;&rsquo; x</p>', $post['content']['raw'] );
		$this->assertFalse( self::listed( 'none', $id, 'langs=de' )['translations']['de']['source_changed'], 'the hash of the XLIFF\'s sources is the post\'s' );
	}
}
