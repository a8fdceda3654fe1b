<?php
/**
 * A small HTTP client over PHP's streams, for the tests.
 *
 * @package Wordmark_Connector
 */

/**
 * One answer.
 */
final class Answer {

	/**
	 * @param int    $status  The HTTP status.
	 * @param string $body    The body.
	 */
	public function __construct( public int $status, public string $body ) {
	}

	/**
	 * The body as JSON (arrays).
	 */
	public function json(): mixed {
		return json_decode( $this->body, true, 512, JSON_THROW_ON_ERROR );
	}
}

/**
 * Requests.
 */
final class Http {

	/**
	 * @param string  $method  GET, PUT, ….
	 * @param string  $url     The URL.
	 * @param ?array  $auth    `[user, password]`, or null for none.
	 * @param ?string $body    The body.
	 * @param string  $type    Its content type.
	 * @param array   $more    More header lines.
	 */
	public static function request( string $method, string $url, ?array $auth = null, ?string $body = null, string $type = 'application/xml', array $more = array() ): Answer {
		$headers = array_merge( array( 'Accept: application/json' ), $more );
		if ( $auth ) {
			$headers[] = 'Authorization: Basic ' . base64_encode( $auth[0] . ':' . $auth[1] );
		}
		if ( null !== $body ) {
			$headers[] = "Content-Type: $type";
		}
		$context = stream_context_create(
			array(
				'http' => array(
					'method'          => $method,
					'header'          => implode( "\r\n", $headers ),
					'content'         => $body ?? '',
					'ignore_errors'   => true,
					'follow_location' => 0,
					'timeout'         => 30,
				),
			)
		);
		$answer = file_get_contents( $url, false, $context );
		preg_match( '{^HTTP/\S+ (\d{3})}', $http_response_header[0] ?? '', $status );
		return new Answer( (int) ( $status[1] ?? 0 ), (string) $answer );
	}
}
