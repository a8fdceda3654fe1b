<?php
/**
 * Block attributes that hold text: found in the source's block tree, given their own XLIFF
 * units, and written into the translated tree, which must have the source's structure.
 *
 * The body goes to Wordmark as block markup; its segmenter translates the text between the
 * tags and keeps the block comments. Text inside a block's comment attributes (a search
 * block's button text, a custom block's headline) or inside an HTML attribute (an image's
 * alt) is not text to it, so each such value becomes a unit of its own.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * The text attributes of a body's blocks, and their translation.
 */
class Wordmark_Blocks {

	/** The value also sits in the block's `<img alt="…">`, which must follow it. */
	const IMG_ALT = 'img_alt';

	/**
	 * Core blocks whose attributes hold text that is not in the block's inner HTML text.
	 * `core/image`'s alt lives in its HTML only; cover and media & text keep it in both.
	 */
	const CORE = array(
		'core/image'      => array( 'alt' => self::IMG_ALT ),
		'core/cover'      => array( 'alt' => self::IMG_ALT ),
		'core/media-text' => array( 'mediaAlt' => self::IMG_ALT ),
		'core/search'     => array(
			'label'       => null,
			'placeholder' => null,
			'buttonText'  => null,
		),
	);

	/**
	 * Which attributes of which blocks are text: the core ones, the string attributes that
	 * registered blocks declare as content, and what the `wordmark_block_text_attributes` filter
	 * adds (`'acme/hero' => array( 'headline', 'cta' )`).
	 *
	 * @return array<string, array<string, ?string>> Block name → attribute → where else it sits.
	 */
	public static function spec(): array {
		$spec = self::CORE;
		foreach ( WP_Block_Type_Registry::get_instance()->get_all_registered() as $name => $type ) {
			foreach ( (array) $type->attributes as $attr => $schema ) {
				$role = $schema['role'] ?? $schema['__experimentalRole'] ?? null;
				// Attributes with a `source` are read from the HTML, where the segmenter sees them.
				if ( 'content' === $role && 'string' === ( $schema['type'] ?? null ) && ! isset( $schema['source'] ) ) {
					$spec[ $name ][ $attr ] = $spec[ $name ][ $attr ] ?? null;
				}
			}
		}
		$added = (array) apply_filters( 'wordmark_block_text_attributes', array() );
		foreach ( $added as $name => $attrs ) {
			foreach ( (array) $attrs as $key => $value ) {
				$attr                   = is_int( $key ) ? (string) $value : (string) $key;
				$spec[ $name ][ $attr ] = is_int( $key ) ? null : $value;
			}
		}
		return $spec;
	}

	/**
	 * The text attributes of a body, in document order: each with its block's name, the
	 * attribute, its text, and the block's ordinal among the named blocks (depth first).
	 *
	 * @param string $body Block markup.
	 * @return array<int, array{ordinal: int, block: string, attr: string, where: ?string, text: string}>
	 */
	public static function text_attributes( string $body ): array {
		if ( ! has_blocks( $body ) ) {
			return array();
		}
		$found   = array();
		$spec    = self::spec();
		$ordinal = 0;
		self::walk(
			parse_blocks( $body ),
			function ( array $block ) use ( &$found, &$ordinal, $spec ) {
				foreach ( $spec[ $block['blockName'] ] ?? array() as $attr => $where ) {
					$text = self::value( $block, $attr, $where );
					if ( null !== $text ) {
						$found[] = array(
							'ordinal' => $ordinal,
							'block'   => $block['blockName'],
							'attr'    => $attr,
							'where'   => $where,
							'text'    => $text,
						);
					}
				}
				++$ordinal;
				return $block;
			}
		);
		return $found;
	}

	/**
	 * The translated body: `$target` (the translated block markup) after checking that its
	 * block tree is `$source`'s, with the text attributes set from `$translations` (indexed
	 * as `text_attributes( $source )`).
	 *
	 * @param string            $source       The source body the XLIFF was made from.
	 * @param string            $target       Its translation.
	 * @param array<int,string> $translations Translated text attributes by index.
	 * @throws Wordmark_Error When the translated tree differs from the source's.
	 */
	public static function translate( string $source, string $target, array $translations ): string {
		if ( ! has_blocks( $source ) ) {
			return $target;
		}
		$target_blocks = parse_blocks( $target );
		self::compare( parse_blocks( $source ), $target_blocks, self::spec(), '' );
		if ( ! $translations ) {
			return $target;
		}
		// The trees match, so the n-th named block of the translation is the source's n-th.
		$by_ordinal = array();
		foreach ( self::text_attributes( $source ) as $n => $found ) {
			if ( isset( $translations[ $n ] ) ) {
				$by_ordinal[ $found['ordinal'] ][] = array( $found['attr'], $found['where'], $translations[ $n ] );
			}
		}
		$ordinal = 0;
		$blocks  = self::walk(
			$target_blocks,
			function ( array $block ) use ( &$ordinal, $by_ordinal ) {
				foreach ( $by_ordinal[ $ordinal ] ?? array() as list( $attr, $where, $text ) ) {
					$block = self::set_value( $block, $attr, $where, $text );
				}
				++$ordinal;
				return $block;
			}
		);
		return serialize_blocks( $blocks );
	}

	/**
	 * Calls `$visit` on every named block, depth first in document order, and returns the tree
	 * with each block replaced by what `$visit` returned.
	 *
	 * @param array    $blocks Parsed blocks.
	 * @param callable $visit  Block → block.
	 */
	private static function walk( array $blocks, callable $visit ): array {
		foreach ( $blocks as $i => $block ) {
			if ( null !== $block['blockName'] ) {
				$block = $visit( $block );
			}
			$block['innerBlocks'] = self::walk( $block['innerBlocks'], $visit );
			$blocks[ $i ]         = $block;
		}
		return $blocks;
	}

	/**
	 * The text of one attribute as stored, null when empty: the comment attribute (a string
	 * that rich text fills with HTML), else the image's alt as written in the HTML.
	 *
	 * @param array   $block The parsed block.
	 * @param string  $attr  The attribute.
	 * @param ?string $where Where else the value sits.
	 */
	private static function value( array $block, string $attr, ?string $where ): ?string {
		$text = $block['attrs'][ $attr ] ?? null;
		if ( ! is_string( $text ) && self::IMG_ALT === $where ) {
			$text = self::raw_alt( $block['innerHTML'] );
		}
		return is_string( $text ) && '' !== trim( $text ) ? $text : null;
	}

	/**
	 * The block with `$attr` set to `$text`, in the comment and in the image's alt.
	 *
	 * @param array   $block The parsed block.
	 * @param string  $attr  The attribute.
	 * @param ?string $where Where else the value sits.
	 * @param string  $text  The translation.
	 */
	private static function set_value( array $block, string $attr, ?string $where, string $text ): array {
		if ( is_string( $block['attrs'][ $attr ] ?? null ) ) {
			$block['attrs'][ $attr ] = $text;
		}
		$raw = self::IMG_ALT === $where ? self::raw_alt( $block['innerHTML'] ) : null;
		if ( null !== $raw ) {
			$swap = static function ( $html ) use ( $raw, $text ) {
				if ( ! is_string( $html ) ) {
					return $html;
				}
				$from = 'alt="' . $raw . '"';
				$at   = strpos( $html, $from );
				return false === $at ? $html : substr_replace( $html, 'alt="' . esc_attr( $text ) . '"', $at, strlen( $from ) );
			};
			$block['innerHTML']    = $swap( $block['innerHTML'] );
			$block['innerContent'] = array_map( $swap, $block['innerContent'] );
		}
		return $block;
	}

	/**
	 * The first `<img>`'s alt attribute as written (HTML-escaped), null when it has none.
	 *
	 * @param string $html A block's inner HTML.
	 */
	private static function raw_alt( string $html ): ?string {
		return preg_match( '/<img\b[^>]*?\balt="([^"]*)"/i', $html, $match ) ? $match[1] : null;
	}

	/**
	 * Throws unless `$target` has `$source`'s blocks, nesting and attributes (text attributes
	 * aside). Whitespace between blocks does not count.
	 *
	 * @param array  $source The source's parsed blocks.
	 * @param array  $target The translation's parsed blocks.
	 * @param array  $spec   The text attributes.
	 * @param string $path   Where these blocks are, for the message (`2.1.`).
	 * @throws Wordmark_Error On the first difference.
	 */
	private static function compare( array $source, array $target, array $spec, string $path ): void {
		$source = self::significant( $source );
		$target = self::significant( $target );
		if ( count( $source ) !== count( $target ) ) {
			self::differs( rtrim( $path, '.' ), sprintf( 'has %d blocks where the source has %d', count( $target ), count( $source ) ) );
		}
		foreach ( $source as $i => $block ) {
			$other = $target[ $i ];
			$where = $path . ( $i + 1 );
			$name  = $block['blockName'] ?? 'classic HTML';
			if ( $block['blockName'] !== $other['blockName'] ) {
				self::differs( $where, sprintf( 'is %s where the source has %s', $other['blockName'] ?? 'classic HTML', $name ) );
			}
			$text_attrs = array_fill_keys( array_keys( $spec[ $block['blockName'] ] ?? array() ), true );
			if ( array_diff_key( $block['attrs'], $text_attrs ) != array_diff_key( $other['attrs'], $text_attrs ) ) { // phpcs:ignore Universal.Operators.StrictComparisons -- key order does not matter.
				self::differs( $where, sprintf( '(%s) has other attributes than the source', $name ) );
			}
			self::compare( $block['innerBlocks'], $other['innerBlocks'], $spec, $where . '.' );
		}
	}

	/**
	 * The blocks without the whitespace-only HTML between them.
	 *
	 * @param array $blocks Parsed blocks.
	 */
	private static function significant( array $blocks ): array {
		return array_values(
			array_filter(
				$blocks,
				static fn ( $block ) => null !== $block['blockName'] || '' !== trim( $block['innerHTML'] )
			)
		);
	}

	/**
	 * @param string $where  The block's position (`3.1`), empty for the top level.
	 * @param string $reason What differs.
	 * @throws Wordmark_Error Always.
	 */
	private static function differs( string $where, string $reason ): void {
		$what = '' === $where ? 'The translated body' : "Block $where of the translated body";
		throw new Wordmark_Error( 'wordmark_blocks_changed', "$what $reason: the translation must keep the source's blocks.", 422 );
	}
}
