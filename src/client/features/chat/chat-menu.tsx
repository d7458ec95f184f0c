import './chat-mantine.css';
import { ActionIcon, Menu } from '@mantine/core';
import { IconBan, IconDotsVertical, IconFlag, IconLockOpen } from '@tabler/icons-react';

type Props = {
  blocked: boolean;
  onBlock: () => void;
  onUnblock: () => void;
  onReport: () => void;
};

/** The header's ⋮: 'Blocca' (or 'Sblocca') and 'Segnala'. */
export function ChatMenu({ blocked, onBlock, onUnblock, onReport }: Props) {
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} radius="xl" aria-label="Altre azioni">
          <IconDotsVertical size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {blocked ? (
          <Menu.Item h={44} leftSection={<IconLockOpen size={18} />} onClick={onUnblock}>
            Sblocca
          </Menu.Item>
        ) : (
          <Menu.Item h={44} color="red" leftSection={<IconBan size={18} />} onClick={onBlock}>
            Blocca
          </Menu.Item>
        )}
        <Menu.Item h={44} leftSection={<IconFlag size={18} />} onClick={onReport}>
          Segnala
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
