<?php
/**
 * The REST routes under `wordmark/v1` (the contract is in the plugin's README).
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Routes, their parameters and their permission; the work is the other classes'.
 */
class Wordmark_Rest {

	const NAMESPACE = 'wordmark/v1';

	/**
	 * Registers the routes (on `rest_api_init`).
	 */
	public static function register_routes(): void {
		$id   = array(
			'type'     => 'integer',
			'minimum'  => 1,
			'required' => true,
		);
		$lang = array(
			'type'     => 'string',
			'pattern'  => '^[a-z]{2,3}(-[a-z0-9]{2,8})*$',
			'required' => true,
		);
		register_rest_route(
			self::NAMESPACE,
			'/site',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'site' ),
				'permission_callback' => array( self::class, 'permission' ),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/content',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'content' ),
				'permission_callback' => array( self::class, 'permission' ),
				'args'                => array(
					'type'           => array( 'type' => 'string' ),
					'langs'          => array( 'type' => 'string' ),
					'modified_after' => array(
						'type'   => 'string',
						'format' => 'date-time',
					),
					'page'           => array(
						'type'    => 'integer',
						'minimum' => 1,
						'default' => 1,
					),
					'per_page'       => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 100,
						'default' => 50,
					),
				),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/content/(?P<id>\d+)/xliff',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( self::class, 'xliff' ),
				'permission_callback' => array( self::class, 'permission' ),
				'args'                => array(
					'id'   => $id,
					'lang' => $lang,
				),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/content/(?P<id>\d+)/translations/(?P<lang>[a-z0-9-]+)',
			array(
				'methods'             => 'PUT, POST',
				'callback'            => array( self::class, 'publish' ),
				'permission_callback' => array( self::class, 'permission' ),
				'args'                => array(
					'id'     => $id,
					'lang'   => $lang,
					'status' => array(
						'type'    => 'string',
						'enum'    => array( 'draft', 'publish' ),
						'default' => 'draft',
					),
				),
			)
		);
	}

	/**
	 * Every route: over HTTPS (unless the site is a local one), for a signed-in user who may
	 * edit others' posts. Wrong application passwords are refused by WordPress before this.
	 *
	 * @return true|WP_Error
	 */
	public static function permission() {
		if ( ! is_ssl() && 'local' !== wp_get_environment_type() ) {
			return new WP_Error( 'wordmark_https_required', 'Wordmark connects over HTTPS only (or to a site whose WP_ENVIRONMENT_TYPE is local).', array( 'status' => 403 ) );
		}
		if ( ! is_user_logged_in() ) {
			return new WP_Error( 'wordmark_unauthenticated', 'Sign in with a WordPress user name and application password.', array( 'status' => 401 ) );
		}
		if ( ! current_user_can( 'edit_others_posts' ) ) {
			return new WP_Error( 'wordmark_forbidden', 'This user may not edit others\' posts (the edit_others_posts capability), which Wordmark needs.', array( 'status' => 403 ) );
		}
		return true;
	}

	/**
	 * `GET /site`: versions, the multilingual plugin and its languages, the post types offered.
	 */
	public static function site(): WP_REST_Response {
		$langs = Wordmark_Languages::detect();
		$types = array();
		foreach ( Wordmark_Content::post_types() as $name ) {
			$object  = get_post_type_object( $name );
			$types[] = array(
				'name'  => $name,
				'label' => $object ? $object->labels->name : $name,
			);
		}
		return new WP_REST_Response(
			array(
				'wordpress_version' => get_bloginfo( 'version' ),
				'plugin_version'    => WORDMARK_CONNECTOR_VERSION,
				'name'              => get_bloginfo( 'name' ),
				'url'               => home_url(),
				'multilingual'      => array(
					'plugin'           => $langs->name(),
					'version'          => $langs->version(),
					'default_language' => $langs->default_language(),
					'languages'        => $langs->languages(),
				),
				'post_types'        => $types,
				'max_xliff_bytes'   => Wordmark_Publisher::max_bytes(),
			)
		);
	}

	/**
	 * `GET /content`.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function content( WP_REST_Request $request ) {
		$after = $request['modified_after'];
		return self::answer(
			static fn () => Wordmark_Content::page(
				self::list_param( $request['type'] ),
				null === $after ? null : (int) rest_parse_date( $after ),
				self::list_param( $request['langs'] ),
				(int) $request['page'],
				(int) $request['per_page']
			)
		);
	}

	/**
	 * `GET /content/{id}/xliff?lang=`.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function xliff( WP_REST_Request $request ) {
		return self::answer( static fn () => Wordmark_Content::xliff( (int) $request['id'], (string) $request['lang'] ) );
	}

	/**
	 * `PUT /content/{id}/translations/{lang}?status=`, the XLIFF as the body.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function publish( WP_REST_Request $request ) {
		return self::answer(
			static fn () => Wordmark_Publisher::publish( (int) $request['id'], (string) $request['lang'], $request->get_body(), (string) $request['status'] ),
			static fn ( $result ) => $result['created'] ? 201 : 200
		);
	}

	/**
	 * The work's result as JSON, or its refusal as a WP_Error.
	 *
	 * @param callable  $work   Returns the answer's data.
	 * @param ?callable $status The status of a result, 200 when null.
	 * @return WP_REST_Response|WP_Error
	 */
	private static function answer( callable $work, ?callable $status = null ) {
		try {
			$result = $work();
			return new WP_REST_Response( $result, $status ? $status( $result ) : 200 );
		} catch ( Wordmark_Error $e ) {
			return $e->to_wp_error();
		}
	}

	/**
	 * `page,post` → `['page', 'post']`.
	 *
	 * @param mixed $value A comma-separated parameter.
	 * @return string[]
	 */
	private static function list_param( $value ): array {
		return array_values( array_filter( array_map( 'trim', explode( ',', (string) $value ) ), 'strlen' ) );
	}
}
