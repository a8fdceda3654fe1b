<?php
/**
 * The router of PHP's built-in server: files under the site's wp-content from there, other
 * existing files as they are, everything else through WordPress's index.php (pretty
 * permalinks and /wp-json/).
 *
 * @package Wordmark_Connector
 */

$path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( str_starts_with( $path, '/wp-content/' ) ) {
	$file = realpath( getenv( 'WORDMARK_WP_CONTENT_DIR' ) . substr( $path, strlen( '/wp-content' ) ) );
	if ( false !== $file && str_starts_with( $file, realpath( getenv( 'WORDMARK_WP_CONTENT_DIR' ) ) . '/' ) && is_file( $file ) && ! str_ends_with( $file, '.php' ) ) {
		header( 'Content-Type: ' . ( mime_content_type( $file ) ?: 'application/octet-stream' ) );
		readfile( $file );
		return true;
	}
}
if ( '/' !== $path && is_file( $_SERVER['DOCUMENT_ROOT'] . $path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
