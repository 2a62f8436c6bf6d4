import { cn } from '@/client/lib/cn';
import { productPictureUrl, uploadedPictureId } from '@/shared/product-images';

// Every drawing in assets/products, by name (a product's record names its `image`); Vite hashes
// them so they cache forever.
const images = import.meta.glob<string>('../assets/products/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});
const byId = new Map(
  Object.entries(images).map(([path, url]) => [
    decodeURIComponent(
      path
        .split('/')
        .pop()
        ?.replace(/\.svg$/, '') ?? '',
    ),
    url,
  ]),
);

export function productImageUrl(image: string | undefined): string | undefined {
  if (image === undefined) return undefined;
  // A picture the owner uploaded: the server's thumbnail (or cleaned SVG), never the original.
  const uploaded = uploadedPictureId(image);
  if (uploaded !== undefined) return productPictureUrl(uploaded);
  return byId.get(image.normalize('NFC')) ?? byId.get(image.normalize('NFD'));
}

/** The drawings' names, for the owner's image choice in admin. */
export const productImageNames: readonly string[] = [...byId.keys()].sort((a, b) => a.localeCompare(b, 'sv'));

export function ProductImage(props: {
  image: string | undefined;
  name: string;
  className?: string;
  eager?: boolean;
}) {
  const url = productImageUrl(props.image);
  if (!url) return <div className={cn('aspect-[4/3] bg-slate-100', props.className)} aria-hidden />;
  return (
    <img
      src={url}
      alt={props.name}
      width={400}
      height={300}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('aspect-[4/3] object-cover', props.className)}
    />
  );
}
