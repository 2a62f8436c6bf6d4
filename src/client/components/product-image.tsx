import { cn } from '@/client/lib/cn';

// Every drawing in assets/products, by product id; Vite hashes them so they cache forever.
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

export function productImageUrl(id: string): string | undefined {
  return byId.get(id.normalize('NFC')) ?? byId.get(id.normalize('NFD'));
}

export function ProductImage(props: { id: string; name: string; className?: string; eager?: boolean }) {
  const url = productImageUrl(props.id);
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
