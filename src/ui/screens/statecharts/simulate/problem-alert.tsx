/** What is wrong with a payload or why the machine refused it, said at once; nothing while all is well. */
export function ProblemAlert({
  id,
  problem,
  size = 'mt-1 text-xs',
}: {
  /** for the box or button it describes */
  id: string;
  problem: string | null;
  size?: string;
}) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className={`${size} text-danger`}>
      {problem}
    </p>
  );
}
