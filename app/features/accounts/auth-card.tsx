/** The narrow card the sign-up and sign-in forms sit in. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="page max-w-md py-6">
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="login-heading" className="mb-4 text-2xl font-bold">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
