import { useState } from 'react';
import { clsx as cn } from 'clsx';

/**
 * The event image, 16:9 (the 1200×675 social image): the small preview paints first, the full image
 * fades in over it once loaded. Full-bleed on phones, rounded on wider screens.
 */
export function EventHero({ image, preview, className }: { image: string | null; preview: string | null; className?: string }) {
  const [loaded, setLoaded] = useState(false);
  const first = preview ?? image;
  if (!first) return null;
  return (
    <div className={cn('relative aspect-[16/9] overflow-hidden bg-current/10 sm:rounded-2xl sm:shadow-sm', className)}>
      <img
        src={first}
        alt=""
        width={1200}
        height={675}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
      {image && preview && image !== preview ? (
        <img
          ref={(el) => {
            if (el?.complete && el.naturalWidth > 0) setLoaded(true);
          }}
          src={image}
          alt=""
          width={1200}
          height={675}
          decoding="async"
          onLoad={() => setLoaded(true)}
          className={cn('absolute inset-0 size-full object-cover transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
        />
      ) : null}
    </div>
  );
}
