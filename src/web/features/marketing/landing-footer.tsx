export const LandingFooter = () => (
  <footer className="py-8">
    <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 text-sm text-slate-500 sm:flex-row sm:px-6">
      <p>© {new Date().getFullYear()} Spotbook</p>
      <p>Order, approve, schedule and bill TV advertising time.</p>
    </div>
  </footer>
);
