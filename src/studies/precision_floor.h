#pragma once
// What a study says when a result reaches the floor double precision sets: the clause its warning
// ends with, the same for every study (natural modes, the frequency response, the moving loads'
// dynamic amplification).
namespace hamdyn {

inline constexpr const char* finer_than_double_precision =
    "the mesh is finer than double precision resolves for this model (K's condition grows as the "
    "elements' count to the power 2m, m the order of the strains); fewer elements give more "
    "accurate values";

} // namespace hamdyn
