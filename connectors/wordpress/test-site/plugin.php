<?php
/**
 * Activates or deactivates the Wordmark Connector on a running test site, for tests of a site
 * whose plugin is missing:  php plugin.php <ip>:<port> activate|deactivate
 *
 * @package Wordmark_Connector
 */

require __DIR__ . '/bootstrap-cli.php';
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$plugin = 'wordmark-connector/wordmark-connector.php';
switch ( $argv[2] ?? '' ) {
	case 'activate':
		$result = activate_plugin( $plugin );
		if ( is_wp_error( $result ) ) {
			fwrite( STDERR, $result->get_error_message() . "\n" );
			exit( 1 );
		}
		break;
	case 'deactivate':
		deactivate_plugins( $plugin );
		break;
	default:
		fwrite( STDERR, "usage: php {$argv[0]} <ip>:<port> activate|deactivate\n" );
		exit( 2 );
}
