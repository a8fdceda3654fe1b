<?php
/**
 * Plugin Name:       Wordmark Connector
 * Description:       Lets Wordmark read this site's pages as XLIFF and write their translations back over the REST API.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Wordmark
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       wordmark-connector
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

// Wordmark reads this through the site route and says when the plugin must be updated.
const WORDMARK_CONNECTOR_VERSION = '1.0.0';

require_once __DIR__ . '/includes/class-wordmark-error.php';
require_once __DIR__ . '/includes/class-wordmark-languages.php';
require_once __DIR__ . '/includes/class-wordmark-blocks.php';
require_once __DIR__ . '/includes/class-wordmark-fields.php';
require_once __DIR__ . '/includes/class-wordmark-xliff.php';
require_once __DIR__ . '/includes/class-wordmark-publisher.php';
require_once __DIR__ . '/includes/class-wordmark-content.php';
require_once __DIR__ . '/includes/class-wordmark-rest.php';

add_action( 'rest_api_init', array( 'Wordmark_Rest', 'register_routes' ) );
register_activation_hook( __FILE__, array( 'Wordmark_Xliff', 'site_id' ) );
