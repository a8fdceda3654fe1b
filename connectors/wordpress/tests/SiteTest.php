<?php
/**
 * The site route, and who may use any route.
 *
 * @package Wordmark_Connector
 */

/**
 * `GET /wordmark/v1/site` and the permission every route shares.
 */
final class SiteTest extends SiteTestCase {

	/** One request of each route; the ids are the seeded page's. */
	private static function routes(): array {
		$about = self::content( 'none' )['about'];
		return array(
			array( 'GET', '/wordmark/v1/site', null ),
			array( 'GET', '/wordmark/v1/content', null ),
			array( 'GET', "/wordmark/v1/content/$about/xliff?lang=de", null ),
			array( 'PUT', "/wordmark/v1/content/$about/translations/de", '<xliff/>' ),
			array( 'POST', "/wordmark/v1/content/$about/translations/de", '<xliff/>' ),
		);
	}

	public function test_the_site_names_versions_languages_and_post_types(): void {
		$site = self::api( 'none', 'GET', '/wordmark/v1/site' );
		$this->assertSame( 200, $site->status, $site->body );
		$json = $site->json();
		$this->assertMatchesRegularExpression( '/^6\.\d+/', $json['wordpress_version'] );
		$this->assertSame( '1.0.0', $json['plugin_version'] );
		// Without a multilingual plugin: the site's locale, then the languages written so far.
		$written = array_column( self::db( 'none', "SELECT DISTINCT meta_value FROM wp_postmeta WHERE meta_key = '_wordmark_language'" ), 'meta_value' );
		$this->assertSame(
			array(
				'plugin'           => 'none',
				'version'          => null,
				'default_language' => 'en',
				'languages'        => array_merge( array( 'en' ), $written ),
			),
			$json['multilingual']
		);
		$this->assertSame( array( 'post', 'page' ), array_column( $json['post_types'], 'name' ) );
		$this->assertSame( 1024 * 1024, $json['max_xliff_bytes'] );
	}

	public function test_the_multilingual_plugins_are_found_with_their_languages(): void {
		foreach ( array( 'wpml', 'polylang' ) as $kind ) {
			$json = self::api( $kind, 'GET', '/wordmark/v1/site' )->json()['multilingual'];
			$this->assertSame( $kind, $json['plugin'] );
			$this->assertStringEndsWith( '-stand-in', $json['version'] );
			$this->assertSame( 'en', $json['default_language'] );
			$this->assertSame( array( 'en', 'de', 'fr' ), $json['languages'] );
		}
	}

	public function test_every_route_refuses_a_request_without_credentials_with_401(): void {
		foreach ( self::routes() as list( $method, $route, $body ) ) {
			self::assertRefused( 401, 'wordmark_unauthenticated', self::api( 'none', $method, $route, $body, null ) );
		}
	}

	public function test_a_wrong_application_password_is_refused_with_401(): void {
		$site   = Sites::get( 'none' );
		$answer = Http::request( 'GET', $site['url'] . '/wp-json/wordmark/v1/site', array( 'editor', 'abcd efgh ijkl mnop qrst uvwx' ) );
		$this->assertSame( 401, $answer->status, $answer->body );
	}

	public function test_every_route_refuses_a_user_without_edit_others_posts_with_403(): void {
		foreach ( self::routes() as list( $method, $route, $body ) ) {
			self::assertRefused( 403, 'wordmark_forbidden', self::api( 'none', $method, $route, $body, 'author' ) );
		}
	}

	public function test_a_site_that_is_not_local_is_used_over_https_only(): void {
		$site = Sites::get( 'production' );
		$auth = array( 'editor', $site['users']['editor']['application_password'] );
		self::assertRefused( 403, 'wordmark_https_required', Http::request( 'GET', $site['url'] . '/wp-json/wordmark/v1/site', $auth ) );
		// Behind a proxy that ends TLS, as Debian's wp-config.php reads it.
		$https = Http::request( 'GET', $site['url'] . '/wp-json/wordmark/v1/site', $auth, null, 'application/xml', array( 'X-Forwarded-Proto: https' ) );
		$this->assertSame( 200, $https->status, $https->body );
	}

	public function test_a_deactivated_plugin_answers_rest_no_route(): void {
		$site   = Sites::get( 'production' );
		$plugin = dirname( __DIR__ ) . '/test-site/plugin.php';
		$host   = escapeshellarg( "{$site['ip']}:{$site['port']}" );
		$auth   = array( 'editor', $site['users']['editor']['application_password'] );
		$https  = array( 'X-Forwarded-Proto: https' );
		exec( "php $plugin $host deactivate", $out, $code );
		$this->assertSame( 0, $code );
		$gone = Http::request( 'GET', $site['url'] . '/wp-json/wordmark/v1/site', $auth, null, 'application/xml', $https );
		exec( "php $plugin $host activate", $out, $code );
		$this->assertSame( 0, $code );
		self::assertRefused( 404, 'rest_no_route', $gone );
		$back = Http::request( 'GET', $site['url'] . '/wp-json/wordmark/v1/site', $auth, null, 'application/xml', $https );
		$this->assertSame( 200, $back->status, $back->body );
	}
}
