Feature: The Wild Draw Four
  The Wild Draw Four is a wild card: its player names the colour, and the next player
  takes four cards and misses the turn. It may be laid only by a player who holds no
  card of the current colour. Hands are hidden, so a player may break that condition;
  the victim can challenge, and the hand is then shown to decide who draws.

  Rule: WD4-EFFECT

    @WD4-EFFECT @official @fi-wikipedia @id-wikipedia
    Scenario: the victim who takes the cards draws four and misses the turn
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And the draw pile starts with B9 G8 Y9 G6 R1
      When seat 0 plays WD4
      And seat 0 names blue
      # checks WD4-CHALLENGE
      Then seat 1 is to act
      And the phase is challenge
      # checks WD4-EFFECT
      When seat 1 accepts
      Then seat 1 holds exactly Y1 Y2 G3 B9 G8 Y9 G6
      And seat 2 is to act
      And the top card is WD4
      And the current colour is blue
      And an event cards_drawn cites WD4-EFFECT
      And an event turn_skipped cites WD4-EFFECT

    @WD4-EFFECT @AMB-23 @sv-unoregler
    Scenario: without a challenge the victim draws four at once and misses the turn
      Cites sv-unoregler › Färg & Dra 4 › ¶1; sv-unoregler › Dra 2 › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And the draw pile starts with B9 G8 Y9 G6 R1
      When seat 0 plays WD4
      And seat 0 names blue
      # checks V-NO-WD4-CHALLENGE
      Then seat 1 holds exactly Y1 Y2 G3 B9 G8 Y9 G6
      # checks WD4-EFFECT
      And seat 2 is to act
      And the current colour is blue
      And an event turn_skipped cites WD4-EFFECT

    @WD4-EFFECT @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild Draw Four hits the next player in the direction of play
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And play runs counter-clockwise
      When seat 0 plays WD4
      And seat 0 names green
      Then seat 2 is to act
      When seat 2 accepts
      Then seat 2 holds 7 cards
      And seat 1 holds 3 cards
      And seat 1 is to act

    @WD4-EFFECT @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the victim of a Wild Draw Four gets no turn
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | B3 Y2 G3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 accepts
      And seat 1 tries to play B3
      # checks WD4-EFFECT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-EFFECT
      And seat 2 is to act

    @WD4-EFFECT @negative @sv-unoregler
    Scenario: without a challenge the victim still gets no turn
      Cites sv-unoregler › Färg & Dra 4 › ¶1; sv-unoregler › Dra 2 › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | B3 Y2 G3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 tries to play B3
      # checks WD4-EFFECT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-EFFECT
      And seat 1 holds 7 cards

    @WD4-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: nobody draws before the colour is named
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 1 tries to accept
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-EFFECT
      And seat 1 holds 3 cards
      And the phase is colour
      And seat 0 is to act

    @AMB-23
    Scenario Outline: the victim of a Wild Draw Four loses the turn as well
      Cites fi-wikipedia › Toimintakortit › ¶7; sv-unoregler › Färg & Dra 4 › ¶1; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And play runs <direction>
      When seat 0 plays WD4
      And seat 0 names blue
      And seat <victim> accepts
      Then the outcome is <outcome>

      @official @WD4-EFFECT
      Examples:
        | profile  | direction         | victim | outcome                                |
        | official | clockwise         | 1      | seat 1 holds 7 cards; seat 2 is to act |
        | official | counter-clockwise | 2      | seat 2 holds 7 cards; seat 1 is to act |

      @fi-wikipedia @WD4-EFFECT
      Examples:
        | profile      | direction | victim | outcome                                |
        | fi-wikipedia | clockwise | 1      | seat 1 holds 7 cards; seat 2 is to act |

      @id-wikipedia @WD4-EFFECT
      Examples:
        | profile      | direction | victim | outcome                                |
        | id-wikipedia | clockwise | 1      | seat 1 holds 7 cards; seat 2 is to act |

  Rule: WD4-RESTRICTION

    @WD4-RESTRICTION @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild Draw Four is legal when no other card has the current colour
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      Then seat 0 may play WD4
      When seat 0 plays WD4
      And seat 0 names blue
      Then the top card is WD4
      And the current colour is blue

    @WD4-RESTRICTION @official @fi-wikipedia @id-wikipedia
    Scenario: cards matching only by number or symbol do not bar a Wild Draw Four
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | WD4 B7 GS  |
        | 1    | Y1 Y2 G3   |
        | 2    | B1 B3 Y4   |
      And the top card is RS
      Then seat 0 may play GS
      And seat 0 may play WD4
      When seat 0 plays WD4
      Then the phase is colour

    @WD4-RESTRICTION @official @fi-wikipedia @id-wikipedia
    Scenario: other wild cards do not bar a Wild Draw Four
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards         |
        | 0    | WD4 WD4 W B5  |
        | 1    | Y1 Y2 G3      |
        | 2    | B1 B3 Y4      |
      And the top card is R7
      Then seat 0 may play WD4
      When seat 0 plays WD4
      Then the phase is colour

    @WD4-RESTRICTION @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a player holding the current colour may not play a Wild Draw Four
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      Then seat 0 may not play WD4
      When seat 0 tries to play WD4
      Then the action is refused under WD4-RESTRICTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @WD4-RESTRICTION @negative @official @fi-wikipedia @id-wikipedia
    Scenario: one card of the current colour is enough to bar it
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards               |
        | 0    | WD4 W B5 G2 Y9 YS R0 |
        | 1    | Y1 Y2 G3            |
        | 2    | B1 B3 Y4            |
      And the top card is R7
      When seat 0 tries to play WD4
      Then the action is refused under WD4-RESTRICTION

    @AMB-06
    Scenario Outline: a Wild Draw Four from a hand with an off-colour match
      Cites fi-wikipedia › Toimintakortit › ¶7; sv-unoregler › Färg & Dra 4 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 B7 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 tries to play WD4
      Then the outcome is <outcome>

      @official @WD4-RESTRICTION
      Examples:
        | profile  | outcome                                  |
        | official | the phase is colour; the top card is WD4 |

      @fi-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | outcome                                  |
        | fi-wikipedia | the phase is colour; the top card is WD4 |

      @id-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | outcome                                  |
        | id-wikipedia | the phase is colour; the top card is WD4 |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | outcome                                 |
        | sv-unoregler | refused under V-WD4-ONLY-IF-NO-PLAYABLE |

    @AMB-07
    Scenario Outline: the named colour of a wild on top decides the Wild Draw Four test
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4); id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | <hand>   |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the discard pile is R5 W (bottom to top)
      And the current colour is blue
      When seat 0 tries to play WD4
      Then the outcome is <outcome>

      @official @WD4-RESTRICTION
      Examples:
        | profile  | hand      | outcome                                  |
        | official | WD4 R2 G3 | the phase is colour; the top card is WD4 |
        | official | WD4 B2 G3 | refused under WD4-RESTRICTION            |

      @fi-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | hand      | outcome                                  |
        | fi-wikipedia | WD4 R2 G3 | the phase is colour; the top card is WD4 |
        | fi-wikipedia | WD4 B2 G3 | refused under WD4-RESTRICTION            |

      @id-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | hand      | outcome                                  |
        | id-wikipedia | WD4 R2 G3 | the phase is colour; the top card is WD4 |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | hand      | outcome                                  |
        | sv-unoregler | WD4 R2 G3 | the phase is colour; the top card is WD4 |
        | sv-unoregler | WD4 B2 G3 | refused under V-WD4-ONLY-IF-NO-PLAYABLE  |

    @AMB-12
    Scenario Outline: a Wild Draw Four laid on a Wild Draw Four
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | <hand>   |
        | 1    | Y1 Y2 R3 |
        | 2    | B1 B3 Y4 |
      And the top card is WD4 and the colour is green
      When seat 0 tries to play WD4
      Then the outcome is <outcome>

      @official @WD4-RESTRICTION
      Examples:
        | profile  | hand      | outcome                                  |
        | official | WD4 G3 B5 | refused under WD4-RESTRICTION            |
        | official | WD4 R3 B5 | the phase is colour; the top card is WD4 |

      @fi-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | hand      | outcome                       |
        | fi-wikipedia | WD4 G3 B5 | refused under WD4-RESTRICTION |

      @id-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | hand      | outcome                       |
        | id-wikipedia | WD4 G3 B5 | refused under WD4-RESTRICTION |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | hand      | outcome                                  |
        | sv-unoregler | WD4 G3 B5 | refused under V-WD4-ONLY-IF-NO-PLAYABLE  |
        | sv-unoregler | WD4 R3 B5 | the phase is colour; the top card is WD4 |

    @AMB-12
    Scenario Outline: a Wild Draw Four that was just drawn
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | <hand>   |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      And the draw pile starts with WD4
      When seat 0 draws
      And seat 0 tries to play WD4
      Then the outcome is <outcome>

      @official @WD4-RESTRICTION
      Examples:
        | profile  | hand  | outcome                                  |
        | official | R2 B5 | refused                                  |
        | official | G2 B5 | the phase is colour; the top card is WD4 |

      @fi-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | hand  | outcome |
        | fi-wikipedia | R2 B5 | refused |

      @id-wikipedia @WD4-RESTRICTION
      Examples:
        | profile      | hand  | outcome                                  |
        | id-wikipedia | G2 B5 | the phase is colour; the top card is WD4 |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | hand  | outcome                                  |
        | sv-unoregler | R2 B5 | refused                                  |
        | sv-unoregler | G2 B5 | the phase is colour; the top card is WD4 |

  Rule: WD4-BLUFF

    @WD4-BLUFF @official @fi-wikipedia @id-wikipedia
    Scenario: an illegal Wild Draw Four stands when nobody challenges
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      Then seat 0 may play WD4
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 accepts
      Then seat 1 holds 7 cards
      And seat 0 holds exactly R2 B5
      And seat 2 is to act
      And the top card is WD4
      And the current colour is blue

    @WD4-BLUFF @negative @official
    Scenario: with engine enforcement an illegal Wild Draw Four is refused
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 tries to play WD4
      # checks WD4-BLUFF
      Then the action is refused under WD4-RESTRICTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-BLUFF
      And seat 0 may play R2

    @WD4-BLUFF @official
    Scenario: with engine enforcement every challenge fails
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "engine"
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 1 holds 9 cards
      And seat 0 holds 2 cards
      And seat 2 is to act

    @AMB-08
    Scenario Outline: a Wild Draw Four laid while holding the current colour
      Cites fi-wikipedia › Rangaistukset › ¶2; sv-unoregler › Färg & Dra 4 › ¶1; id-wikipedia › Aturan resmi › ¶9; id-wikipedia › Penalti › ¶2

      Given the option WD4-BLUFF.wd4_enforcement is "<enforcement>"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 tries to play WD4
      Then the outcome is <outcome>

      @official @WD4-BLUFF
      Examples:
        | profile  | enforcement | outcome                                  |
        | official | challenge   | the phase is colour; the top card is WD4 |
        | official | engine      | refused under WD4-RESTRICTION            |

      @fi-wikipedia @WD4-BLUFF
      Examples:
        | profile      | enforcement | outcome                                  |
        | fi-wikipedia | challenge   | the phase is colour; the top card is WD4 |

      @id-wikipedia @WD4-BLUFF
      Examples:
        | profile      | enforcement | outcome                                  |
        | id-wikipedia | challenge   | the phase is colour; the top card is WD4 |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | enforcement | outcome                                 |
        | sv-unoregler | engine      | refused under V-WD4-ONLY-IF-NO-PLAYABLE |

    @AMB-12
    Scenario Outline: a Wild Draw Four just drawn while holding the current colour
      Cites fi-wikipedia › Pelin kulku › ¶4; fi-wikipedia › Rangaistukset › ¶2; sv-unoregler › Färg & Dra 4 › ¶1; id-wikipedia › Aturan resmi › ¶7; id-wikipedia › Aturan resmi › ¶9

      Given the option WD4-BLUFF.wd4_enforcement is "<enforcement>"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | R2 B5    |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      And the draw pile starts with WD4
      When seat 0 draws
      Then the outcome is <outcome>

      @official @WD4-BLUFF
      Examples:
        | profile  | enforcement | outcome                                   |
        | official | challenge   | seat 0 may play WD4; seat 0 may pass      |
        | official | engine      | seat 0 may not play WD4; seat 1 is to act |

      @fi-wikipedia @WD4-BLUFF
      Examples:
        | profile      | enforcement | outcome                              |
        | fi-wikipedia | challenge   | seat 0 may play WD4; seat 0 may pass |

      @id-wikipedia @WD4-BLUFF
      Examples:
        | profile      | enforcement | outcome                              |
        | id-wikipedia | challenge   | seat 0 may play WD4; seat 0 may pass |

      @sv-unoregler @V-WD4-ONLY-IF-NO-PLAYABLE
      Examples:
        | profile      | enforcement | outcome                                   |
        | sv-unoregler | engine      | seat 0 may not play WD4; seat 1 is to act |

    @WD4-BLUFF @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild Draw Four that breaks the restriction is not refused
      Policy: no source settles this; a Wild Draw Four bluff is left to the challenge.

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 G9 |
        | 1    | B1 B3     |
        | 2    | Y3 Y4     |
      And the top card is R7
      When seat 0 plays WD4
      Then the phase is colour
      And seat 0 holds exactly R2 G9

  Rule: WD4-CHALLENGE

    @WD4-CHALLENGE @official @fi-wikipedia @id-wikipedia
    Scenario: the victim may challenge or take the cards
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      Then the phase is challenge
      And the legal actions of seat 1 are
        | action     |
        | challenges |
        | accepts    |

    @WD4-CHALLENGE @official @fi-wikipedia @id-wikipedia
    Scenario: a challenge shows the hand of the Wild Draw Four's player
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then an event hand_shown cites WD4-CHALLENGE

    @WD4-CHALLENGE @official @fi-wikipedia @id-wikipedia
    Scenario: a challenge is judged on the colour in force before the Wild Draw Four
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 B6 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      # checks WD4-CHALLENGE
      Then an event challenge_decided cites WD4-CHALLENGE-INNOCENT
      # checks WD4-CHALLENGE-INNOCENT
      And seat 0 holds exactly B5 B6
      And seat 1 holds 9 cards

    @WD4-CHALLENGE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: only the victim may challenge
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 2 tries to challenge
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-CHALLENGE
      And seat 2 may not challenge

    @WD4-CHALLENGE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the victim cannot challenge after taking the cards
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 accepts
      And seat 1 tries to challenge
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-CHALLENGE
      When seat 2 tries to challenge
      Then the action is refused under WD4-CHALLENGE
      And seat 0 holds 2 cards
      And seat 1 holds 7 cards

    @WD4-CHALLENGE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a plain Wild cannot be challenged
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶9

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W R2 B5  |
        | 1    | Y1 Y2 G3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 0 names blue
      And seat 1 tries to challenge
      Then the action is refused under WD4-CHALLENGE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-CHALLENGE
      And seat 1 is to act

    @AMB-11
    Scenario Outline: whether the victim of a Wild Draw Four may challenge it
      Cites fi-wikipedia › Rangaistukset › ¶2; sv-unoregler › Färg & Dra 4 › ¶1; id-wikipedia › Aturan resmi › ¶9; id-wikipedia › Penalti › ¶2

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      Then the outcome is <outcome>

      @official @WD4-CHALLENGE
      Examples:
        | profile  | outcome                                                            |
        | official | the phase is challenge; seat 1 may challenge; seat 1 holds 3 cards |

      @fi-wikipedia @WD4-CHALLENGE
      Examples:
        | profile      | outcome                                                            |
        | fi-wikipedia | the phase is challenge; seat 1 may challenge; seat 1 holds 3 cards |

      @id-wikipedia @WD4-CHALLENGE
      Examples:
        | profile      | outcome                                                            |
        | id-wikipedia | the phase is challenge; seat 1 may challenge; seat 1 holds 3 cards |

      @sv-unoregler @V-NO-WD4-CHALLENGE
      Examples:
        | profile      | outcome                                                          |
        | sv-unoregler | seat 1 may not challenge; seat 1 holds 7 cards; seat 2 is to act |

  Rule: WD4-CHALLENGE-GUILTY

    @WD4-CHALLENGE-GUILTY @official @fi-wikipedia @id-wikipedia
    Scenario: an upheld challenge makes the bluffer draw four
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And the draw pile starts with B9 G8 Y9 G6
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 0 holds exactly R2 B5 B9 G8 Y9 G6
      And seat 1 holds exactly Y1 Y2 G3
      And seat 1 is to act
      And the top card is WD4
      And the current colour is blue
      And an event challenge_decided cites WD4-CHALLENGE-GUILTY
      And an event cards_drawn cites WD4-CHALLENGE-GUILTY

    @WD4-CHALLENGE-GUILTY @negative @official @fi-wikipedia @id-wikipedia
    Scenario: an upheld challenge does not bring back the earlier colour
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | R4 B2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 1 may play B2
      When seat 1 tries to play R4
      # checks WD4-CHALLENGE-GUILTY
      Then the action is refused under MATCH-ON-WILD
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-CHALLENGE-GUILTY
      And the current colour is blue

    @WD4-CHALLENGE-GUILTY @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the successful challenger is not passed over
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 B2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      And seat 2 tries to play B1
      # checks WD4-CHALLENGE-GUILTY
      Then the action is refused under TURN-ADVANCE
      And seat 1 is to act
      And seat 1 holds 3 cards

    @AMB-09
    Scenario Outline: who plays after an upheld challenge
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given the option WD4-CHALLENGE-GUILTY.guilty_challenger_skipped is <skipped>
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then the outcome is <outcome>

      @official @WD4-CHALLENGE-GUILTY
      Examples:
        | profile  | skipped | outcome                                                                                  |
        | official | false   | seat 0 holds 6 cards; seat 1 holds 3 cards; seat 1 is to act; the current colour is blue |
        | official | true    | seat 0 holds 6 cards; seat 1 holds 3 cards; seat 2 is to act; the current colour is blue |

      @fi-wikipedia @WD4-CHALLENGE-GUILTY
      Examples:
        | profile      | skipped | outcome                                                                                  |
        | fi-wikipedia | false   | seat 0 holds 6 cards; seat 1 holds 3 cards; seat 1 is to act; the current colour is blue |

      @id-wikipedia @WD4-CHALLENGE-GUILTY
      Examples:
        | profile      | skipped | outcome                                                                                  |
        | id-wikipedia | false   | seat 0 holds 6 cards; seat 1 holds 3 cards; seat 1 is to act; the current colour is blue |

  Rule: WD4-CHALLENGE-INNOCENT

    @WD4-CHALLENGE-INNOCENT @official @fi-wikipedia @id-wikipedia
    Scenario: a failed challenge costs the challenger six cards and the turn
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And the draw pile starts with B9 G8 Y9 G6 R1 R2 R3
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 1 holds exactly Y1 Y2 G3 B9 G8 Y9 G6 R1 R2
      And seat 2 is to act
      And the current colour is blue
      And an event challenge_decided cites WD4-CHALLENGE-INNOCENT
      And an event cards_drawn cites WD4-CHALLENGE-INNOCENT

    @WD4-CHALLENGE-INNOCENT @official @fi-wikipedia @id-wikipedia
    Scenario: a failed challenge follows the direction of play
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      And play runs counter-clockwise
      When seat 0 plays WD4
      And seat 0 names yellow
      And seat 2 challenges
      Then seat 2 holds 9 cards
      And seat 1 is to act

    @WD4-CHALLENGE-INNOCENT @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the challenger gets no turn after a failed challenge
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | B2 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      And seat 1 tries to play B2
      # checks WD4-CHALLENGE-INNOCENT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @WD4-CHALLENGE-INNOCENT @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the player of a legal Wild Draw Four draws nothing
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 0 holds exactly B5 G2
      And seat 2 holds 3 cards

    @AMB-10
    Scenario Outline: what a failed challenge costs
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given the option WD4-BLUFF.wd4_enforcement is "<enforcement>"
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then the outcome is <outcome>

      @official @WD4-CHALLENGE-INNOCENT
      Examples:
        | profile  | enforcement | outcome                                                      |
        | official | challenge   | seat 1 holds 9 cards; seat 0 holds 2 cards; seat 2 is to act |
        | official | engine      | seat 1 holds 9 cards; seat 0 holds 2 cards; seat 2 is to act |

      @fi-wikipedia @WD4-CHALLENGE-INNOCENT
      Examples:
        | profile      | enforcement | outcome                                                      |
        | fi-wikipedia | challenge   | seat 1 holds 9 cards; seat 0 holds 2 cards; seat 2 is to act |

      @id-wikipedia @WD4-CHALLENGE-INNOCENT
      Examples:
        | profile      | enforcement | outcome                                                      |
        | id-wikipedia | challenge   | seat 1 holds 9 cards; seat 0 holds 2 cards; seat 2 is to act |
