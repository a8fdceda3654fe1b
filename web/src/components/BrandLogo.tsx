import logoUrl from '../assets/wordmark-logo.svg';

export function BrandLogo({ size = 40 }: { size?: number }) {
  return <img src={logoUrl} alt="Wordmark" width={size} height={size} />;
}
