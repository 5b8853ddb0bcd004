"""The players' record and the ladder: each finished game's outcome read from its log, OpenSkill ratings
(Plackett–Luce) by season, the conservative leaderboard, profiles, and the setups' real balance."""
