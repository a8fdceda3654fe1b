<?php
/**
 * Writes a translated XLIFF into the translated post, all or nothing.
 *
 * @package Wordmark_Connector
 */

defined( 'ABSPATH' ) || exit;

/**
 * Everything is checked before the first write; the writes then run in one database
 * transaction, so a failure leaves the translated post (or its absence) as it was.
 */
class Wordmark_Publisher {

	/** The largest XLIFF taken by default (the `wordmark_max_xliff_bytes` filter changes it). */
	const MAX_BYTES = 8 * 1024 * 1024;

	/** Polylang's and WPML's own taxonomies, which their linking sets. */
	const LANGUAGE_TAXONOMIES = array( 'language', 'post_translations', 'term_language', 'term_translations' );

	/** Meta the translation keeps from the source: page template and featured image. */
	const KEPT_META = array( '_wp_page_template', '_thumbnail_id' );

	/**
	 * The largest XLIFF accepted, in bytes.
	 */
	public static function max_bytes(): int {
		return (int) apply_filters( 'wordmark_max_xliff_bytes', self::MAX_BYTES );
	}

	/**
	 * Creates or updates the `$lang` translation of item `$item_id` from `$xml`.
	 *
	 * @param int    $item_id The source post.
	 * @param string $lang    The target language.
	 * @param string $xml     The translated XLIFF.
	 * @param string $status  `draft` or `publish`.
	 * @return array{item: int, lang: string, post_id: int, created: bool, status: string, link: string, edit_link: string}
	 * @throws Wordmark_Error On every refusal, before anything is written.
	 */
	public static function publish( int $item_id, string $lang, string $xml, string $status ): array {
		if ( strlen( $xml ) > self::max_bytes() ) {
			throw new Wordmark_Error( 'wordmark_too_large', sprintf( 'The XLIFF has %d bytes; this site takes at most %d.', strlen( $xml ), self::max_bytes() ), 413 );
		}
		$langs  = Wordmark_Languages::detect();
		$source = Wordmark_Content::source( $item_id, $langs );
		Wordmark_Content::check_language( $lang, $langs );
		$file = Wordmark_Xliff::read( $xml );
		self::check_file( $file, $source, $lang, $langs );
		$data     = self::translation( $source, $file );
		$existing = $langs->translation( $source, $lang );
		$type     = get_post_type_object( $source->post_type );
		if ( ! current_user_can( $type->cap->edit_others_posts ) || ( $existing && ! current_user_can( 'edit_post', $existing->ID ) ) ) {
			throw new Wordmark_Error( 'wordmark_forbidden', "This user may not write {$type->name} translations.", 403 );
		}
		if ( 'publish' === $status && ! current_user_can( $type->cap->publish_posts ) ) {
			throw new Wordmark_Error( 'wordmark_forbidden', "This user may not publish {$type->name} posts; send them as drafts.", 403 );
		}
		$id = self::write( $source, $existing, $lang, $status, $data, $langs );
		return array(
			'item'      => $source->ID,
			'lang'      => $lang,
			'post_id'   => $id,
			'created'   => null === $existing,
			'status'    => get_post_status( $id ),
			'link'      => (string) get_permalink( $id ),
			'edit_link' => (string) get_edit_post_link( $id, 'raw' ),
		);
	}

	/**
	 * @param array              $file   The read XLIFF.
	 * @param WP_Post            $source The item.
	 * @param string             $lang   The language asked.
	 * @param Wordmark_Languages $langs  The site's languages.
	 * @throws Wordmark_Error When the file is another item's or another language's.
	 */
	private static function check_file( array $file, WP_Post $source, string $lang, Wordmark_Languages $langs ): void {
		$languages = sprintf( '%s → %s', $file['source_lang'], $file['target_lang'] );
		if ( $file['target_lang'] !== $lang || $file['source_lang'] !== $langs->default_language() ) {
			throw new Wordmark_Error( 'wordmark_wrong_language', "The XLIFF translates $languages; this request writes {$langs->default_language()} → $lang.", 422 );
		}
		if ( Wordmark_Xliff::original( $source->ID, $lang ) !== $file['original'] ) {
			throw new Wordmark_Error( 'wordmark_xliff_other_item', "The XLIFF (original \"{$file['original']}\") was not made for item {$source->ID} in $lang on this site.", 422 );
		}
	}

	/**
	 * The translated fields from the XLIFF's units, with the hash of its sources.
	 *
	 * @param WP_Post $source The item.
	 * @param array   $file   The read XLIFF.
	 * @throws Wordmark_Error On a unit that is not a field of the item, or broken blocks.
	 */
	private static function translation( WP_Post $source, array $file ): array {
		$post  = array();
		$meta  = array();
		$attrs = array();
		foreach ( $file['units'] as $id => $unit ) {
			$id = (string) $id;
			if ( in_array( $id, array( 'title', 'excerpt' ), true ) ) {
				$post[ 'post_' . $id ] = $unit['target'];
			} elseif ( preg_match( '/^field-(.+)-\d+$/', $id, $m ) && Wordmark_Fields::is_translatable_key( $source, $m[1] ) ) {
				$meta[ $m[1] ] = $unit['target'];
			} elseif ( preg_match( '/^package-string-(\d+)-(\d+)$/', $id, $m ) && (int) $m[1] === $source->ID ) {
				$attrs[ (int) $m[2] ] = $unit['target'];
			} elseif ( 'body' !== $id ) {
				throw new Wordmark_Error( 'wordmark_xliff_unknown_unit', "The XLIFF's unit \"$id\" is not a translatable field of item {$source->ID}.", 422 );
			}
		}
		if ( isset( $file['units']['body'] ) ) {
			$body                 = $file['units']['body'];
			$post['post_content'] = Wordmark_Blocks::translate( $body['source'], $body['target'], $attrs );
		}
		$sources = array();
		foreach ( $file['units'] as $id => $unit ) {
			$sources[] = array(
				'id'   => (string) $id,
				'text' => $unit['source'],
			);
		}
		return array(
			'post' => $post,
			'meta' => $meta,
			'hash' => Wordmark_Fields::hash( $sources ),
		);
	}

	/**
	 * The writes, in one transaction.
	 *
	 * @param WP_Post            $source   The item.
	 * @param ?WP_Post           $existing Its translation so far.
	 * @param string             $lang     The language.
	 * @param string             $status   `draft` or `publish`.
	 * @param array              $data     The translated fields.
	 * @param Wordmark_Languages $langs    The site's languages.
	 * @throws Wordmark_Error When a write fails; nothing of it is kept then.
	 */
	private static function write( WP_Post $source, ?WP_Post $existing, string $lang, string $status, array $data, Wordmark_Languages $langs ): int {
		global $wpdb;
		$postarr = array_merge(
			array(
				'post_type'      => $source->post_type,
				'post_status'    => $status,
				'post_parent'    => self::parent( $source, $lang, $langs ),
				'menu_order'     => $source->menu_order,
				'comment_status' => $source->comment_status,
				'ping_status'    => $source->ping_status,
				// keep_meta() copies the template: WordPress would check it against the theme
				// here, and the translation keeps the source's template whatever the theme.
				'page_template'  => '',
			),
			$existing ? array( 'ID' => $existing->ID ) : array( 'post_author' => $source->post_author ),
			$data['post']
		);
		$wpdb->query( 'START TRANSACTION' );
		try {
			$id = $existing ? wp_update_post( wp_slash( $postarr ), true ) : wp_insert_post( wp_slash( $postarr ), true );
			if ( is_wp_error( $id ) ) {
				throw new Wordmark_Error( 'wordmark_write_failed', 'WordPress did not save the translation: ' . $id->get_error_message(), 500 );
			}
			foreach ( $data['meta'] as $key => $value ) {
				update_post_meta( $id, $key, wp_slash( $value ) );
				$field_key = get_post_meta( $source->ID, "_$key", true );
				if ( is_string( $field_key ) && str_starts_with( $field_key, 'field_' ) ) {
					update_post_meta( $id, "_$key", $field_key );
				}
			}
			self::keep_meta( $source, $id );
			self::map_terms( $source, $id, $lang, $langs );
			$langs->link( $source, $id, $lang );
			update_post_meta( $id, Wordmark_Languages::META_SOURCE, (string) $source->ID );
			update_post_meta( $id, Wordmark_Languages::META_LANGUAGE, $lang );
			update_post_meta( $id, Wordmark_Languages::META_SOURCE_HASH, $data['hash'] );
			$wpdb->query( 'COMMIT' );
			return $id;
		} catch ( Throwable $e ) {
			$wpdb->query( 'ROLLBACK' );
			// The object cache may hold what the rolled-back writes put there.
			wp_cache_flush();
			if ( $e instanceof Wordmark_Error ) {
				throw $e;
			}
			throw new Wordmark_Error( 'wordmark_write_failed', 'Writing the translation failed, nothing was kept: ' . $e->getMessage(), 500 );
		}
	}

	/**
	 * The translation's parent: the parent's translation; without a multilingual plugin, the
	 * source's parent itself when it has none (pages of one language tree otherwise).
	 *
	 * @param WP_Post            $source The item.
	 * @param string             $lang   The language.
	 * @param Wordmark_Languages $langs  The site's languages.
	 */
	private static function parent( WP_Post $source, string $lang, Wordmark_Languages $langs ): int {
		$parent = $source->post_parent ? get_post( $source->post_parent ) : null;
		if ( ! $parent instanceof WP_Post ) {
			return 0;
		}
		$translated = $langs->translation( $parent, $lang );
		if ( $translated ) {
			return $translated->ID;
		}
		return 'none' === $langs->name() ? $parent->ID : 0;
	}

	/**
	 * @param WP_Post $source The item.
	 * @param int     $id     The translation.
	 */
	private static function keep_meta( WP_Post $source, int $id ): void {
		foreach ( self::KEPT_META as $key ) {
			$value = get_post_meta( $source->ID, $key, true );
			if ( '' === $value ) {
				delete_post_meta( $id, $key );
			} else {
				update_post_meta( $id, $key, wp_slash( $value ) );
			}
		}
	}

	/**
	 * Gives the translation the source's terms, each as its translation where it has one.
	 *
	 * @param WP_Post            $source The item.
	 * @param int                $id     The translation.
	 * @param string             $lang   The language.
	 * @param Wordmark_Languages $langs  The site's languages.
	 */
	private static function map_terms( WP_Post $source, int $id, string $lang, Wordmark_Languages $langs ): void {
		foreach ( array_diff( get_object_taxonomies( $source->post_type ), self::LANGUAGE_TAXONOMIES ) as $taxonomy ) {
			$terms = wp_get_object_terms( $source->ID, $taxonomy, array( 'fields' => 'ids' ) );
			if ( is_wp_error( $terms ) ) {
				continue;
			}
			$mapped = array_values( array_filter( array_map( static fn ( $term ) => $langs->term_translation( (int) $term, $taxonomy, $lang ), $terms ) ) );
			$result = wp_set_object_terms( $id, $mapped, $taxonomy );
			if ( is_wp_error( $result ) ) {
				throw new Wordmark_Error( 'wordmark_write_failed', "The translation's $taxonomy terms were not saved: " . $result->get_error_message(), 500 );
			}
		}
	}
}
