<?php
/**
 * XLIFF 1.2 in WPML's layout: written for one post and one target language, and read back.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * The writer writes the bytes itself rather than through an XML library, so the layout is
 * WPML's exactly: one line after the declaration, no trailing newline, attributes in WPML's
 * order, HTML in CDATA, and targets that copy the sources as in an untranslated WPML job.
 */
class Wordmark_Xliff {

	const NS      = 'urn:oasis:names:tc:xliff:document:1.2';
	const TOOL_NS = 'https://cdn.wpml.org/xliff/custom-attributes.xsd';

	/**
	 * The XLIFF of `$post`'s units for translation into `$lang`.
	 *
	 * @param WP_Post $post        The source post.
	 * @param array   $units       Its units (Wordmark_Fields::units).
	 * @param string  $source_lang The source language.
	 * @param string  $lang        The target language.
	 */
	public static function write( WP_Post $post, array $units, string $source_lang, string $lang ): string {
		$domain = home_url();
		$file   = self::attributes(
			array(
				'original'                           => self::original( $post->ID, $lang ),
				'source-language'                    => $source_lang,
				'target-language'                    => $lang,
				'tool:source-language-domain'        => $domain,
				'tool:target-language-domain'        => $domain,
				'tool:sender-id'                     => (string) get_current_user_id(),
				'tool:wpml-words-to-translate-count' => (string) self::words( $units ),
				'datatype'                           => 'plaintext',
			)
		);
		global $shortcode_tags;
		$header = '<header><phase-group>'
			. '<phase phase-name="shortcodes" process-name="Shortcodes identification"><note>' . esc_xml( implode( ',', array_keys( (array) $shortcode_tags ) ) ) . '</note></phase>'
			. '<phase phase-name="post_type" process-name="Post type"><note>' . esc_xml( 'post_' . $post->post_type ) . '</note></phase>'
			. '</phase-group><reference><external-file href="' . esc_xml( (string) get_permalink( $post ) ) . '"/></reference></header>';
		$body = '';
		foreach ( $units as $unit ) {
			$text  = self::cdata( $unit['text'] );
			$body .= '<trans-unit' . self::attributes(
				array(
					'resname'  => $unit['resname'],
					'restype'  => 'string',
					'datatype' => 'html',
					'id'       => $unit['id'],
				)
			) . '><source>' . $text . '</source><target>' . $text . '</target><tool:extradata' . self::attributes(
				array(
					'unit'     => $unit['label'],
					'type'     => $unit['type'],
					'group'    => $unit['group'][0],
					'group_id' => $unit['group'][1],
				)
			) . '/></trans-unit>';
		}
		return '<?xml version="1.0" encoding="utf-8" standalone="no"?>' . "\n"
			. '<xliff xmlns="' . self::NS . '" version="1.2" xmlns:tool="' . self::TOOL_NS . '">'
			. "<file$file>$header<body>$body</body></file></xliff>";
	}

	/**
	 * The `original` of an item's XLIFF: `<post id>-<md5>` as WPML's `<job id>-<md5>`, the md5
	 * of this site's id, the post and the language, so that a file is recognised as this
	 * item's in this language on this site, and no other.
	 *
	 * @param int    $post_id The source post.
	 * @param string $lang    The target language.
	 */
	public static function original( int $post_id, string $lang ): string {
		return $post_id . '-' . md5( self::site_id() . ":$post_id:$lang" );
	}

	/**
	 * This site's random id, made once (on activation, or here for a site activated before):
	 * add_option never replaces a value, so two first requests at once agree on the first.
	 */
	public static function site_id(): string {
		$site = get_option( 'wordmark_site_id' );
		if ( ! $site ) {
			add_option( 'wordmark_site_id', wp_generate_uuid4(), '', false );
			wp_cache_delete( 'notoptions', 'options' );
			wp_cache_delete( 'wordmark_site_id', 'options' );
			$site = get_option( 'wordmark_site_id' );
		}
		return (string) $site;
	}

	/**
	 * Text as XML can carry it: valid UTF-8, without the characters XML forbids, with the line
	 * endings an XML reader would give back.
	 *
	 * @param string $text Any text.
	 */
	public static function clean( string $text ): string {
		$text = wp_check_invalid_utf8( $text, true );
		$text = (string) preg_replace( '/[^\x{9}\x{A}\x{D}\x{20}-\x{D7FF}\x{E000}-\x{FFFD}\x{10000}-\x{10FFFF}]/u', '', $text );
		return str_replace( array( "\r\n", "\r" ), "\n", $text );
	}

	/**
	 * A parsed XLIFF: `original`, the languages and each unit's source and target (the
	 * source when the unit has no target). Refuses DTDs, so no entity is ever expanded.
	 *
	 * @param string $xml The file.
	 * @return array{original: string, source_lang: string, target_lang: string, units: array<string, array{source: string, target: string}>}
	 * @throws Wordmark_Error When it is not a well-formed XLIFF 1.x file of one document.
	 */
	public static function read( string $xml ): array {
		if ( false !== stripos( $xml, '<!DOCTYPE' ) ) {
			self::malformed( 'it declares a DOCTYPE, which XLIFF 1.2 files have no use for' );
		}
		$dom      = new DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$loaded   = '' !== trim( $xml ) && $dom->loadXML( $xml, LIBXML_NONET | LIBXML_PARSEHUGE );
		$error    = libxml_get_last_error();
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		if ( ! $loaded ) {
			self::malformed( $error ? sprintf( 'not well-formed XML (line %d: %s)', $error->line, trim( $error->message ) ) : 'it is empty' );
		}
		$root = $dom->documentElement;
		if ( 'xliff' !== $root->localName || ! str_starts_with( (string) $root->getAttribute( 'version' ), '1.' ) ) {
			self::malformed( 'its root is not an XLIFF 1.x <xliff> element' );
		}
		$files = self::children( $root, 'file' );
		if ( 1 !== count( $files ) ) {
			self::malformed( sprintf( 'it holds %d <file> elements where one item has one', count( $files ) ) );
		}
		$file  = $files[0];
		$units = array();
		foreach ( $file->getElementsByTagNameNS( '*', 'trans-unit' ) as $unit ) {
			$id = $unit->getAttribute( 'id' );
			if ( '' === $id || isset( $units[ $id ] ) ) {
				self::malformed( '' === $id ? 'a <trans-unit> has no id' : "the unit id \"$id\" appears twice" );
			}
			$source = self::children( $unit, 'source' );
			$target = self::children( $unit, 'target' );
			if ( ! $source ) {
				self::malformed( "the unit \"$id\" has no <source>" );
			}
			$units[ $id ] = array(
				'source' => $source[0]->textContent,
				'target' => ( $target ? $target[0] : $source[0] )->textContent,
			);
		}
		return array(
			'original'    => $file->getAttribute( 'original' ),
			'source_lang' => $file->getAttribute( 'source-language' ),
			'target_lang' => $file->getAttribute( 'target-language' ),
			'units'       => $units,
		);
	}

	/**
	 * The child elements of `$parent` named `$name`, in any namespace.
	 *
	 * @param DOMElement $parent The parent.
	 * @param string     $name   The local name.
	 * @return DOMElement[]
	 */
	private static function children( DOMElement $parent, string $name ): array {
		$found = array();
		foreach ( $parent->childNodes as $child ) {
			if ( $child instanceof DOMElement && $child->localName === $name ) {
				$found[] = $child;
			}
		}
		return $found;
	}

	/**
	 * @param string $why What is wrong with the file.
	 * @throws Wordmark_Error Always.
	 */
	private static function malformed( string $why ): void {
		throw new Wordmark_Error( 'wordmark_xliff_malformed', "The XLIFF cannot be read: $why.", 400 );
	}

	/**
	 * Text in CDATA; `]]>` inside is split over two sections, as it must be.
	 *
	 * @param string $text The text.
	 */
	private static function cdata( string $text ): string {
		return '<![CDATA[' . str_replace( ']]>', ']]]]><![CDATA[>', self::clean( $text ) ) . ']]>';
	}

	/**
	 * ` name="value"` for each pair, escaped for XML.
	 *
	 * @param array<string, string> $pairs The attributes in their order.
	 */
	private static function attributes( array $pairs ): string {
		$out = '';
		foreach ( $pairs as $name => $value ) {
			$out .= ' ' . $name . '="' . esc_xml( self::clean( $value ) ) . '"';
		}
		return $out;
	}

	/**
	 * The words of the units' text, tags aside, as WPML counts them for its header.
	 *
	 * @param array $units The units.
	 */
	private static function words( array $units ): int {
		$count = 0;
		foreach ( $units as $unit ) {
			$count += count( preg_split( '/\s+/u', trim( wp_strip_all_tags( $unit['text'] ) ), -1, PREG_SPLIT_NO_EMPTY ) );
		}
		return $count;
	}
}
