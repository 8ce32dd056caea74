import { FeaturesSection } from '../features/marketing/features-section';
import { Hero } from '../features/marketing/hero';
import { HowItWorks } from '../features/marketing/how-it-works';
import { LandingFooter } from '../features/marketing/landing-footer';
import { LandingHeader } from '../features/marketing/landing-header';

export const LandingRoute = () => (
  <div className="min-h-dvh bg-slate-50">
    <title>Spotbook · TV advertising, ordered online</title>
    <LandingHeader />
    <main>
      <Hero />
      <FeaturesSection />
      <HowItWorks />
    </main>
    <LandingFooter />
  </div>
);
