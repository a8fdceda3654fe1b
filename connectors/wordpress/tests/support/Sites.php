<?php
/**
 * The running test sites.
 *
 * @package Wordmark_Connector
 */

/**
 * Starts sites in parallel, hands them to the tests, stops them at the end.
 */
final class Sites {

	/**
	 * Started sites by multilingual plugin: start.sh's JSON plus `ip`, `port`.
	 *
	 * @var array<string, array>
	 */
	private static array $sites = array();

	/**
	 * @param string[] $kinds `none`, `wpml`, `polylang`, or `production` (no multilingual
	 *                        plugin, WP_ENVIRONMENT_TYPE production).
	 */
	public static function start_all( array $kinds ): void {
		$net      = getenv( 'WORDMARK_WP_TEST_NET' ) ?: '127.0.39';
		$port     = (int) ( getenv( 'WORDMARK_WP_TEST_PORT' ) ?: 8391 );
		$script   = dirname( __DIR__, 2 ) . '/test-site/start.sh';
		$starting = array();
		foreach ( array_values( $kinds ) as $i => $kind ) {
			$site  = array(
				'ip'   => "$net." . ( 11 + $i ),
				'port' => $port,
				// Named by the address too, so runs on other addresses use other databases.
				'db'   => 'wordmark_phpunit_' . str_replace( '.', '_', $net ) . "_$kind",
			);
			$pipes = array();
			$env   = array( 'WORDMARK_WP_ENVIRONMENT' => 'production' === $kind ? 'production' : 'local' ) + getenv();
			$ml    = 'production' === $kind ? 'none' : $kind;
			$proc  = proc_open( array( $script, $site['ip'], (string) $port, $site['db'], $ml ), array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes, null, $env );
			$starting[ $kind ] = array( $proc, $pipes, $site );
		}
		foreach ( $starting as $kind => list( $proc, $pipes, $site ) ) {
			$out = stream_get_contents( $pipes[1] );
			$err = stream_get_contents( $pipes[2] );
			if ( 0 !== proc_close( $proc ) ) {
				self::stop_all();
				fwrite( STDERR, "The $kind test site did not start: $err\n" );
				exit( 1 );
			}
			self::$sites[ $kind ] = json_decode( $out, true ) + $site;
		}
	}

	/**
	 * Stops every site started, removing their databases.
	 */
	public static function stop_all(): void {
		$script = dirname( __DIR__, 2 ) . '/test-site/stop.sh';
		foreach ( self::$sites as $site ) {
			exec( implode( ' ', array_map( 'escapeshellarg', array( $script, $site['ip'], (string) $site['port'], $site['db'] ) ) ) );
		}
		self::$sites = array();
	}

	/**
	 * @param string $kind `none`, `wpml` or `polylang`.
	 */
	public static function get( string $kind ): array {
		return self::$sites[ $kind ];
	}
}
