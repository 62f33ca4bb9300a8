Feature: Holes found by the mutants
  Each scenario here was added because a mutant of the reference (tests/mutants, one
  rule broken) passed certification, or was caught without its broken rule being
  named. Each one pins down a case the rest of the rulebook left open.

  Rule: WD4-BLUFF

    @WD4-BLUFF @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild Draw Four just drawn may be laid as a bluff and challenged
      Cites fi-wikipedia › Pelin kulku › ¶4; fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶7; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R2 B5    |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      And the draw pile starts with WD4 G6 G7 G8 G9
      When seat 0 draws
      Then seat 0 holds exactly R2 B5 WD4
      And the legal actions of seat 0 are
        | action   |
        | play WD4 |
        | pass     |
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      # checks WD4-CHALLENGE-GUILTY
      Then seat 0 holds exactly R2 B5 G6 G7 G8 G9
      And an event cards_drawn cites WD4-CHALLENGE-GUILTY
      And seat 1 is to act

    @WD4-BLUFF @negative @official
    Scenario: with engine enforcement a Wild Draw Four just drawn against the test is kept
      Cites fi-wikipedia › Pelin kulku › ¶4; id-wikipedia › Aturan resmi › ¶7; id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R2 B5    |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      And the draw pile starts with WD4
      When seat 0 draws
      Then seat 0 holds exactly R2 B5 WD4
      And seat 0 may not play WD4
      # checks DRAW-END-TURN
      And seat 1 is to act

  Rule: WD4-RESTRICTION

    @WD4-RESTRICTION @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild Draw Four just drawn may be laid when no card of the current colour is left
      Cites fi-wikipedia › Pelin kulku › ¶4; id-wikipedia › Aturan resmi › ¶7

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G2 B5    |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      And the draw pile starts with WD4
      When seat 0 draws
      Then seat 0 may play WD4
      When seat 0 plays WD4
      Then the phase is colour
      And the top card is WD4

  Rule: PENALTY-CARDS-NOT-PLAYABLE

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the last card drawn for a Draw Two cannot be laid even when it fits
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with G8 R4
      When seat 0 plays RD2
      # checks DRAW-TWO-EFFECT
      Then seat 1 holds exactly G1 G2 Y3 G8 R4
      # checks PENALTY-CARDS-NOT-PLAYABLE
      And the phase is turn
      And seat 2 is to act
      And seat 1 may not play R4

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: with two players a fitting card drawn for a Draw Two waits as well
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 2-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
      And the top card is R7
      And the draw pile starts with G8 R4
      When seat 0 plays RD2
      # checks TWO-PLAYER-DRAW
      Then seat 1 holds exactly G1 G2 Y3 G8 R4
      # checks PENALTY-CARDS-NOT-PLAYABLE
      And seat 0 is to act
      And seat 1 may not play R4

  Rule: ROUND-END

    @ROUND-END @official @fi-wikipedia @id-wikipedia
    Scenario: a last Wild ends the round before any colour is named
      Cites fi-wikipedia › Pelin tavoite › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | W     |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays W
      Then an event round_won cites ROUND-END
      And the round is won by seat 0
      And nobody may act
      # checks NEW-ROUND
      And the game waits for the deal

    @ROUND-END @official @fi-wikipedia @id-wikipedia
    Scenario: a last Wild Draw Four ends the round before any colour is named
      Cites fi-wikipedia › Pelin tavoite › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays WD4
      Then an event round_won cites ROUND-END
      And the round is won by seat 0
      And nobody may act
      # checks NEW-ROUND
      And the game waits for the deal

  Rule: V-ALT-SCORING-LOSER-500

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: a total of exactly the limit ends the match
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 490 20
      When seat 0 plays R5
      Then the scores are 100 500 40
      And the match is won by seat 2

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: in eliminate mode a total of exactly the limit puts the player out
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500 is {"end_mode": "eliminate"}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 490 20
      When seat 0 plays R5
      Then the scores are 100 500 40
      And the position has /eliminated = [false, true, false]
      And the match goes on
