import { useParams, useSearch } from 'wouter';
import { MemberPage } from '@/client/features/group-order/member-page';
import { OrganiserPage } from '@/client/features/group-order/organiser-page';
import { StartGroup } from '@/client/features/group-order/start-group';

/** /group/new: the start form, from the design the customiser kept. */
export function StartGroupPage() {
  return <StartGroup />;
}

/** /group/:id?token=… (share link) or ?entry=…&token=… (a member's edit link). */
export function GroupMemberPage() {
  const { id = '' } = useParams<{ id: string }>();
  const search = new URLSearchParams(useSearch());
  return <MemberPage id={id} token={search.get('token') ?? ''} entryId={search.get('entry') ?? undefined} />;
}

/** /group/:id/organise?token=…: the organiser's private page. */
export function GroupOrganiserPage() {
  const { id = '' } = useParams<{ id: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <OrganiserPage id={id} token={token} />;
}
