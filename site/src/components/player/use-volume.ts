import { useAtom } from 'jotai';
import { useEffect, type RefObject } from 'react';
import { mutedAtom, volumeAtom } from '../../stores/player.atoms.ts';

/**
 * The volume and the mute, remembered across reloads and applied to the audio. `defaultVolume`
 * (0-1, the site's setting) holds until the listener picks their own.
 */
export function useVolume(audioRef: RefObject<HTMLAudioElement | null>, defaultVolume: number) {
  const [saved, setVolume] = useAtom(volumeAtom);
  const [muted, setMuted] = useAtom(mutedAtom);
  const volume = saved ?? defaultVolume;

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [audioRef, volume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [audioRef, muted]);

  return {
    volume,
    muted,
    /** Picking a volume unmutes, as the slider shows the volume again. */
    setVolume(value: number) {
      setVolume(value);
      setMuted(false);
    },
    toggleMute: () => setMuted((m) => !m),
  };
}
