<?php
/**
 * Installs the test site, activates the Wordmark Connector and makes its users, each with an
 * application password; prints them as JSON.
 *
 * - `editor`: an editor (edit_others_posts), the user Wordmark connects as;
 * - `author`: an author (no edit_others_posts), refused by the plugin;
 * - `reviewer`: may edit others' posts and pages but publish none (a custom role).
 *
 * @package Wordmark_Connector
 */

require __DIR__ . '/bootstrap-cli.php';
define( 'WP_INSTALLING', true );
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

// No mail leaves a test site (wp_install tells the admin by mail).
add_filter( 'pre_wp_mail', '__return_false' );

$admin_password = wp_generate_password( 24, false );
$installed      = wp_install( 'Wordmark Test Site', 'admin', 'admin@example.invalid', false, '', $admin_password );
wp_installing( false );
update_option( 'permalink_structure', '/%postname%/' );
// Debian's WordPress ships no theme: the test site's own shows a page as a visitor sees it.
switch_theme( 'wordmark-test' );

$activated = activate_plugin( 'wordmark-connector/wordmark-connector.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'The plugin was not activated: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}

add_role(
	'reviewer',
	'Reviewer',
	array_fill_keys( array( 'read', 'edit_posts', 'edit_others_posts', 'edit_published_posts', 'edit_pages', 'edit_others_pages', 'edit_published_pages' ), true )
);
$users = array();
foreach ( array( 'editor', 'author', 'reviewer' ) as $role ) {
	$id = wp_insert_user(
		array(
			'user_login' => $role,
			'user_pass'  => wp_generate_password( 24 ),
			'user_email' => "$role@example.invalid",
			'role'       => $role,
		)
	);
	list( $password ) = WP_Application_Passwords::create_new_application_password( $id, array( 'name' => 'Wordmark' ) );
	$users[ $role ]   = array(
		'id'                   => $id,
		'username'             => $role,
		'application_password' => $password,
	);
}
echo wp_json_encode(
	array(
		'admin' => array(
			'username' => 'admin',
			'password' => $admin_password,
		),
		'users' => $users,
	)
);
