<?php
/**
 * Loads the WordPress of the test site `$argv[1]` (`<ip>:<port>`) in PHP's command line, as a
 * request to that host would: Debian's wp-config.php picks the site's config by the host.
 *
 * @package Wordmark_Connector
 */

if ( PHP_SAPI !== 'cli' || empty( $argv[1] ) ) {
	fwrite( STDERR, "usage: php {$argv[0]} <ip>:<port>\n" );
	exit( 2 );
}
$_SERVER['HTTP_HOST']   = $argv[1];
$_SERVER['SERVER_NAME'] = strtok( $argv[1], ':' );
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = (int) substr( strrchr( $argv[1], ':' ), 1 );
