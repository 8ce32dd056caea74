-- Whether a missed spot is offered a makegood automatically (issue 44, decision 058): off by default, the desk offers.
ALTER TABLE "station_profile" ADD COLUMN "auto_offer_makegoods" boolean DEFAULT false NOT NULL;
