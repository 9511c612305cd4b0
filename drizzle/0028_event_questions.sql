CREATE TABLE "event_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"help" text,
	"required" boolean DEFAULT false NOT NULL,
	"shown_for" text DEFAULT 'all' NOT NULL,
	"position" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questions_kind" CHECK ("event_questions"."kind" IN ('short_text', 'long_text', 'single_choice', 'multiple_choice', 'checkbox')),
	CONSTRAINT "event_questions_shown_for" CHECK ("event_questions"."shown_for" IN ('yes', 'all'))
);
--> statement-breakpoint
CREATE TABLE "rsvp_answers" (
	"rsvp_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "rsvp_answers_rsvp_id_question_id_pk" PRIMARY KEY("rsvp_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_answers" ADD CONSTRAINT "rsvp_answers_rsvp_id_event_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."event_rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_answers" ADD CONSTRAINT "rsvp_answers_question_id_event_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_questions_event_idx" ON "event_questions" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "rsvp_answers_question_idx" ON "rsvp_answers" USING btree ("question_id");