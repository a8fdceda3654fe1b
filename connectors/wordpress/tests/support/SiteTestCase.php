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
	 */
	protected static function api( string $kind, string $method, string $route, ?string $body = null, ?string $user = 'editor' ): Answer {
		$site = Sites::get( $kind );
		$auth = null === $user ? null : array( $user, $site['users'][ $user ]['application_password'] );
		return Http::request( $method, $site['url'] . '/wp-json' . $route, $auth, $body );
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
	 * A query on the site's database, its rows.
	 *
	 * @param string $kind The site.
	 * @param string $sql  The statement (tables are `wp_…`).
	 */
	protected static function db( string $kind, string $sql ): array {
		$site  = Sites::get( $kind );
		$host  = getenv( 'WORDMARK_WP_DB_HOST' ) ?: '127.0.0.1:3306';
		$mysql = new mysqli( strtok( $host, ':' ), getenv( 'WORDMARK_WP_DB_USER' ) ?: 'root', '', $site['db'], (int) substr( strrchr( $host, ':' ), 1 ) );
		$rows  = $mysql->query( $sql )->fetch_all( MYSQLI_ASSOC );
		$mysql->close();
		return $rows;
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
}
