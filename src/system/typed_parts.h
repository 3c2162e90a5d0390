#pragma once
// Values of several types, at most one of each, found by their type: the parts a model attaches
// to a system for its terms (SecondOrderSystem::parts: a term's data), and the terms' values in a
// state (State::terms). The system and the state then hold only the algebra, and a new term
// brings its own types without editing them (the type-keyed registry of Exudyn's and Chrono's
// item containers, here with value semantics: std::any copies, so a State copies with its
// terms' values).
#include <any>
#include <map>
#include <typeindex>
#include <utility>

namespace hamdyn {

class TypedParts {
public:
  /// Sets the part of type T (replacing one there was).
  template <class T>
  T& set(T value) {
    return values_[typeid(T)].template emplace<T>(std::move(value));
  }
  /// The part of type T, or null when there is none.
  template <class T>
  const T* find() const {
    const auto found = values_.find(typeid(T));
    return found == values_.end() ? nullptr : std::any_cast<T>(&found->second);
  }
  template <class T>
  T* find() {
    const auto found = values_.find(typeid(T));
    return found == values_.end() ? nullptr : std::any_cast<T>(&found->second);
  }
  /// The part of type T, or an empty one (a default-constructed T) when there is none.
  template <class T>
  const T& get() const {
    static const T empty{};
    const T* found = find<T>();
    return found ? *found : empty;
  }
  /// The part of type T, made empty first when there is none.
  template <class T>
  T& edit() {
    T* found = find<T>();
    return found ? *found : set(T{});
  }
  template <class T>
  void erase() {
    values_.erase(typeid(T));
  }

private:
  std::map<std::type_index, std::any> values_;
};

} // namespace hamdyn
