<?php
/**
 * A refusal with a stable code and an HTTP status, thrown below the REST layer and answered
 * once by it as a WP_Error, so every route names its errors the same way.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * A named refusal: `code` is the contract Wordmark reads, `message` is for people.
 */
class Wordmark_Error extends Exception {

	/**
	 * The error code Wordmark matches on (`wordmark_wrong_language`, …).
	 *
	 * @var string
	 */
	public string $error_code;

	/**
	 * The HTTP status of the answer.
	 *
	 * @var int
	 */
	public int $status;

	/**
	 * @param string $error_code The stable code.
	 * @param string $message    What is wrong, for the person reading Wordmark's log.
	 * @param int    $status     The HTTP status.
	 */
	public function __construct( string $error_code, string $message, int $status ) {
		parent::__construct( $message );
		$this->error_code = $error_code;
		$this->status     = $status;
	}

	/**
	 * The REST answer of this refusal.
	 */
	public function to_wp_error(): WP_Error {
		return new WP_Error( $this->error_code, $this->getMessage(), array( 'status' => $this->status ) );
	}
}
