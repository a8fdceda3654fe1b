<?php
/**
 * Starts the test sites (test-site/start.sh) before the tests and stops them after: one
 * without a multilingual plugin, one with the WPML stand-in, one with the Polylang stand-in,
 * and a `production` one (not `local`: HTTPS required), each on its own loopback address and
 * database. WORDMARK_WP_TEST_NET (127.0.39) and
 * WORDMARK_WP_TEST_PORT (8391) move them.
 *
 * @package Wordmark_Connector
 */

require_once __DIR__ . '/support/Http.php';
require_once __DIR__ . '/support/Sites.php';
require_once __DIR__ . '/support/Pseudo.php';
require_once __DIR__ . '/support/SiteTestCase.php';
require_once '/usr/share/wordpress/wp-includes/class-wp-block-parser.php';

Sites::start_all( array( 'none', 'wpml', 'polylang', 'production' ) );
register_shutdown_function( array( 'Sites', 'stop_all' ) );
