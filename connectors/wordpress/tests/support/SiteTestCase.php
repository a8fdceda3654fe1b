<?php
/**
 * What the tests share: requests to a test site as its editor, its database, block trees.
 *
 * @package Wordmark_Connector
 */

use PHPUnit\Framework\TestCase;

/**
 * A test against the running sites.
 */
abstract class SiteTestCase extends TestCase {

	/**
	 * `GET`/`PUT`/… on the site's REST API, as `$user` (editor by default; null for none).
	 *
	 * @param string  $kind   The site.
	 * @param string  $method The method.
	 * @param string  $route  `/wordmark/v1/site`, `/wp/v2/pages/3?context=edit`, ….
	 * @param ?string $body   The body.
	 * @param ?string $user   `editor`, `author`, or null to send no credentials.
	 * @param string  $type   The body's content type.
	 */
	protected static function api( string $kind, string $method, string $route, ?string $body = null, ?string $user = 'editor', string $type = 'application/xml' ): Answer {
		$site = Sites::get( $kind );
		$auth = null === $user ? null : array( $user, $site['users'][ $user ]['application_password'] );
		return Http::request( $method, $site['url'] . '/wp-json' . $route, $auth, $body, $type );
	}

	/**
	 * The item's XLIFF for `$lang`, exported by the plugin.
	 *
	 * @param string $kind The site.
	 * @param int    $id   The item.
	 * @param string $lang The language.
	 */
	protected static function export( string $kind, int $id, string $lang ): string {
		$answer = self::api( $kind, 'GET', "/wordmark/v1/content/$id/xliff?lang=$lang" );
		self::assertSame( 200, $answer->status, $answer->body );
		return $answer->json()['xliff'];
	}

	/**
	 * Sends a translated XLIFF.
	 *
	 * @param string $kind   The site.
	 * @param int    $id     The item.
	 * @param string $lang   The language.
	 * @param string $xliff  The XLIFF.
	 * @param string $status `draft` or `publish`.
	 */
	protected static function publish( string $kind, int $id, string $lang, string $xliff, string $status = 'draft' ): Answer {
		return self::api( $kind, 'PUT', "/wordmark/v1/content/$id/translations/$lang?status=$status", $xliff );
	}

	/**
	 * Exports, pseudo-translates and publishes; returns the answer's JSON.
	 *
	 * @param string $kind The site.
	 * @param int    $id   The item.
	 * @param string $lang The language.
	 */
	protected static function translate( string $kind, int $id, string $lang ): array {
		$answer = self::publish( $kind, $id, $lang, Pseudo::xliff( self::export( $kind, $id, $lang ), $lang ) );
		self::assertContains( $answer->status, array( 200, 201 ), $answer->body );
		return $answer->json();
	}

	/**
	 * A post as WordPress's own REST API shows it to an editor.
	 *
	 * @param string $kind The site.
	 * @param int    $id   The post.
	 * @param string $type `pages` or `posts`.
	 */
	protected static function wp_post( string $kind, int $id, string $type = 'pages' ): array {
		$answer = self::api( $kind, 'GET', "/wp/v2/$type/$id?context=edit" );
		self::assertSame( 200, $answer->status, $answer->body );
		return $answer->json();
	}

	/**
	 * The listing's entry for item `$id`.
	 *
	 * @param string $kind  The site.
	 * @param int    $id    The item.
	 * @param string $query More of the query (`langs=de`).
	 */
	protected static function listed( string $kind, int $id, string $query = '' ): ?array {
		$answer = self::api( $kind, 'GET', "/wordmark/v1/content?per_page=100&$query" );
		self::assertSame( 200, $answer->status, $answer->body );
		foreach ( $answer->json()['items'] as $item ) {
			if ( $item['id'] === $id ) {
				return $item;
			}
		}
		return null;
	}

	/**
	 * A statement on the site's database; a query's rows.
	 *
	 * @param string $kind The site.
	 * @param string $sql  The statement (tables are `wp_…`).
	 */
	protected static function db( string $kind, string $sql ): array {
		$site  = Sites::get( $kind );
		$host  = getenv( 'WORDMARK_WP_DB_HOST' ) ?: '127.0.0.1:3306';
		$mysql = new mysqli( strtok( $host, ':' ), getenv( 'WORDMARK_WP_DB_USER' ) ?: 'root', '', $site['db'], (int) substr( strrchr( $host, ':' ), 1 ) );
		$result = $mysql->query( $sql );
		$mysql->close();
		return $result instanceof mysqli_result ? $result->fetch_all( MYSQLI_ASSOC ) : array();
	}

	/**
	 * One meta value of a post, null when absent.
	 *
	 * @param string $kind The site.
	 * @param int    $id   The post.
	 * @param string $key  The meta key.
	 */
	protected static function meta( string $kind, int $id, string $key ): ?string {
		$rows = self::db( $kind, sprintf( "SELECT meta_value FROM wp_postmeta WHERE post_id = %d AND meta_key = '%s'", $id, addslashes( $key ) ) );
		return $rows ? $rows[0]['meta_value'] : null;
	}

	/**
	 * The seeded content's ids (seed.php).
	 *
	 * @param string $kind The site.
	 */
	protected static function content( string $kind ): array {
		return Sites::get( $kind )['content'];
	}

	/**
	 * Asserts an error answer: its status and code.
	 *
	 * @param int    $status The status.
	 * @param string $code   The code.
	 * @param Answer $answer The answer.
	 */
	protected static function assertRefused( int $status, string $code, Answer $answer ): void {
		self::assertSame( $status, $answer->status, $answer->body );
		self::assertSame( $code, $answer->json()['code'], $answer->body );
		self::assertNotSame( '', $answer->json()['message'] );
	}

	/**
	 * Asserts that `$translated` is the block tree of `$source` with only its text translated
	 * by Pseudo into `$lang`: the same blocks, nesting and attributes, the text attributes
	 * and every run of text translated, tags, comments and shortcodes untouched.
	 *
	 * @param string $source     The source's block markup.
	 * @param string $translated The translation's.
	 * @param string $lang       The language.
	 */
	protected static function assertTranslatedBlocks( string $source, string $translated, string $lang ): void {
		$parser = new WP_Block_Parser();
		self::assertSameTree( $parser->parse( $source ), $parser->parse( $translated ), $lang, '' );
	}

	/**
	 * @param array  $source     Parsed blocks.
	 * @param array  $translated Parsed blocks.
	 * @param string $lang       The language.
	 * @param string $path       Where, for messages.
	 */
	private static function assertSameTree( array $source, array $translated, string $lang, string $path ): void {
		$text_attrs  = array(
			'core/image'       => array( 'alt' ),
			'core/cover'       => array( 'alt' ),
			'core/search'      => array( 'label', 'placeholder', 'buttonText' ),
			'acme/hero'        => array( 'headline', 'cta' ),
			'acme/testimonial' => array( 'quote' ),
		);
		$significant = static fn ( $blocks ) => array_values( array_filter( $blocks, static fn ( $b ) => null !== $b['blockName'] || '' !== trim( $b['innerHTML'] ) ) );
		$source      = $significant( $source );
		$translated  = $significant( $translated );
		self::assertCount( count( $source ), $translated, "blocks at $path" );
		foreach ( $source as $i => $block ) {
			$other = $translated[ $i ];
			$where = $path . ( $i + 1 ) . ' ' . $block['blockName'];
			self::assertSame( $block['blockName'], $other['blockName'], $where );
			$attrs = $block['attrs'];
			foreach ( $text_attrs[ $block['blockName'] ] ?? array() as $attr ) {
				if ( isset( $attrs[ $attr ] ) ) {
					$attrs[ $attr ] = Pseudo::html( $attrs[ $attr ], $lang );
				}
			}
			self::assertSame( $attrs, $other['attrs'], "attributes of $where" );
			$html = Pseudo::html( $block['innerHTML'], $lang );
			if ( preg_match( '/<img\b[^>]*?\balt="([^"]*)"/', $block['innerHTML'], $alt ) ) {
				$html = str_replace( "alt=\"{$alt[1]}\"", 'alt="' . Pseudo::html( $alt[1], $lang ) . '"', $html );
			}
			self::assertSame( $html, $other['innerHTML'], "HTML of $where" );
			self::assertSameTree( $block['innerBlocks'], $other['innerBlocks'], $lang, "$where > " );
		}
	}
}
