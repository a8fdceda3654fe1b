<?php
/**
 * The tests' translator: marks every run of text with the language, leaving tags, block
 * comments and shortcodes as they are, as Wordmark's segmenter does.
 *
 * @package Wordmark_Connector
 */

/**
 * Pseudo-translation.
 */
final class Pseudo {

	/**
	 * `<p>Hello <b>you</b></p>` → `<p>DE:Hello <b>DE:you</b></p>`.
	 *
	 * @param string $html The source.
	 * @param string $lang The language.
	 */
	public static function html( string $html, string $lang ): string {
		$parts = preg_split( '/(<!--.*?-->|<[^>]+>|\[[^\]]+\])/s', $html, -1, PREG_SPLIT_DELIM_CAPTURE );
		foreach ( $parts as $i => $part ) {
			if ( 0 === $i % 2 && '' !== trim( $part ) ) {
				$parts[ $i ] = preg_replace( '/^(\s*)/', '$1' . strtoupper( $lang ) . ':', $part );
			}
		}
		return implode( '', $parts );
	}

	/**
	 * The XLIFF with every target pseudo-translated from its source; `$change` may alter a
	 * unit's translation further (unit id → translation → translation).
	 *
	 * @param string    $xliff  The XLIFF as exported.
	 * @param string    $lang   The language.
	 * @param ?callable $change Called with each unit's id and translation.
	 */
	public static function xliff( string $xliff, string $lang, ?callable $change = null ): string {
		$cdata = static fn ( $text ) => '<![CDATA[' . str_replace( ']]>', ']]]]><![CDATA[>', $text ) . ']]>';
		return preg_replace_callback(
			'{(<trans-unit [^>]*id="([^"]+)"><source>)(.*?)(</source><target>).*?(</target>)}s',
			static function ( $m ) use ( $lang, $change, $cdata ) {
				// The source's text: its CDATA sections joined (a `]]>` inside spans two).
				$target = self::html( preg_replace( '/<!\[CDATA\[(.*?)\]\]>/s', '$1', $m[3] ), $lang );
				if ( $change ) {
					$target = $change( $m[2], $target );
				}
				return $m[1] . $m[3] . $m[4] . $cdata( $target ) . $m[5];
			},
			$xliff
		);
	}
}
