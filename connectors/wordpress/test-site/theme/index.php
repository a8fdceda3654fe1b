<?php
/**
 * Every view of the test site: the queried posts' titles and contents, as a theme shows them.
 *
 * @package Wordmark_Connector
 */

?><!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<title><?php echo esc_html( wp_get_document_title() ); ?></title>
</head>
<body>
<main>
<?php
while ( have_posts() ) {
	the_post();
	?>
	<article>
		<h1><?php the_title(); ?></h1>
		<?php the_content(); ?>
	</article>
	<?php
}
?>
</main>
</body>
</html>
