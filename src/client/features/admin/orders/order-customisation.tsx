import { colors } from '@/shared/catalogue';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import { adminUploadThumbnailPath, type AdminJobDetailBase, type AdminJobLine } from '@/shared/admin';
import { formatCount } from '@/shared/money-format';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { colourName } from '@/shared/i18n/messages/colours';
import { useLocale, useT } from '@/client/lib/i18n';

/**
 * A customiser image as the server's bounded thumbnail (raster) or drawn at the box's size (SVG),
 * with its pixel size and a link to the image itself.
 */
function PrintImage({
  uploadId,
  size,
  alt,
}: {
  uploadId: string;
  size: { width: number; height: number } | undefined;
  alt: string;
}) {
  const ui = useT(adminUiMessages);
  const src = `/api/uploads/${encodeURIComponent(uploadId)}`;
  // Raster images have a known pixel size; an SVG has none and is drawn by the browser at the box's size.
  const preview = size ? adminUploadThumbnailPath(uploadId) : src;
  return (
    <figure className="flex flex-col gap-1">
      <img
        src={preview}
        alt={alt}
        loading="lazy"
        className="h-32 w-full rounded-md bg-slate-100 object-contain"
      />
      <figcaption className="flex flex-wrap justify-between gap-x-2 text-xs text-slate-700">
        {size && (
          <span>{ui.imageSize({ width: formatCount(size.width), height: formatCount(size.height) })}</span>
        )}
        <a href={src} target="_blank" rel="noreferrer" className="font-semibold text-blue-800 underline">
          {ui.openImage}
          <span className="sr-only"> ({alt})</span>
        </a>
      </figcaption>
    </figure>
  );
}

export function Customisation({
  line,
  imageSizes,
}: {
  line: AdminJobLine;
  imageSizes: AdminJobDetailBase['imageSizes'];
}) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const methodLabels = printMethodLabels[locale];
  const sideLabels = printSideLabels[locale];
  const c = line.customisation;
  if (!c) return null;
  const colour = colors.find((x) => x.id === c.color);
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3">
      <p className="flex items-center gap-2 text-sm text-slate-800">
        <span
          className="size-4 rounded-full ring-1 ring-slate-400"
          style={{ backgroundColor: colour?.hex ?? '#ccc' }}
          aria-hidden
        />
        {ui.colour({ colour: colourName(locale, c.color) })}
      </p>
      {c.prints.length > 0 && (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {c.prints.map((print) => (
            <li
              key={`${print.method}-${print.uploadId}`}
              className="rounded-lg border border-slate-200 bg-white p-2 text-sm"
            >
              <PrintImage
                uploadId={print.uploadId}
                size={imageSizes[print.uploadId]}
                alt={`${methodLabels[print.method]}, ${sideLabels[print.side]}`}
              />
              <p className="mt-2 font-semibold text-slate-900">{methodLabels[print.method]}</p>
              <p className="text-slate-700">
                {ui.placement({
                  side: sideLabels[print.side],
                  x: Math.round(print.x),
                  y: Math.round(print.y),
                  scale: Math.round(print.scale * 100),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {c.additionalInfo && (
        <p className="mt-3 whitespace-pre-wrap text-sm text-slate-800">
          <span className="font-semibold">{ui.additionalInfo}</span>
          {c.additionalInfo}
        </p>
      )}
    </div>
  );
}
