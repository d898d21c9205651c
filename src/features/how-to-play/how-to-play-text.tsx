/** The rules in a few lines, shared by the How to Play modal and page. */
export function HowToPlayText() {
  return (
    <div className="rules">
      <p>
        Nine words hide <strong>four groups of three</strong>. One special word, the{' '}
        <strong>linchpin</strong>, belongs to all four groups; every other word belongs to exactly
        one.
      </p>
      <ol>
        <li>Pick a colour circle (Category 1 to 4).</li>
        <li>Tap words to put them in that group; tap again to take them out.</li>
        <li>Put the linchpin in all four groups, and two other words in each.</li>
        <li>
          Press Submit. Coloured bars show how close each group is: green all right, yellow two
          right, light yellow one, red none.
        </li>
      </ol>
      <p>
        You have a limited number of tries: 8 in Easy, 6 in Normal. A new puzzle arrives every day
        at midnight UTC.
      </p>
    </div>
  );
}
