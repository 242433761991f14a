import { Image, Modal, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useReplyImage } from '../api/get-reply-image.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';

interface ReplyImageProps {
  tid: string;
  replyid: number;
  name: string;
  /** What the image is, for screen readers: 'Image 1 attached by Dana Demo'. */
  alt: string;
}

const THUMBNAIL_PX = 96;

/** One attached image: a thumbnail that opens the full image in a dialog. */
function ReplyImage({ tid, replyid, name, alt }: ReplyImageProps) {
  const image = useReplyImage(tid, replyid, name);
  const url = useObjectUrl(image.data);
  const [opened, { open, close }] = useDisclosure(false);

  if (image.isError) {
    return (
      <Text size="sm" c="red.8" w={THUMBNAIL_PX}>
        {alt}: the image could not be loaded.
      </Text>
    );
  }
  if (!url) return <Skeleton w={THUMBNAIL_PX} h={THUMBNAIL_PX} radius="sm" aria-label={`Loading ${alt}`} />;
  return (
    <>
      <UnstyledButton onClick={open} aria-label={`Open ${alt} at full size`} style={{ borderRadius: 4 }}>
        <Image
          src={url}
          alt={alt}
          w={THUMBNAIL_PX}
          h={THUMBNAIL_PX}
          fit="cover"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
        />
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={close}
        title={alt}
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Image src={url} alt={alt} maw="min(90vw, 1200px)" mah="80vh" fit="contain" />
      </Modal>
    </>
  );
}

interface ReplyImagesProps {
  tid: string;
  replyid: number;
  names: readonly string[];
  author: string;
}

/** The images of one message, as a row of thumbnails. */
export function ReplyImages({ tid, replyid, names, author }: ReplyImagesProps) {
  return (
    <ul
      aria-label="Attached images"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}
    >
      {names.map((name, index) => (
        <li key={name}>
          <ReplyImage
            tid={tid}
            replyid={replyid}
            name={name}
            alt={`Image ${index + 1} attached by ${author}`}
          />
        </li>
      ))}
    </ul>
  );
}
