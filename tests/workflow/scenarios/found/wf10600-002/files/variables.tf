variable "tags" {
  type = map(string)
  description = "A variable."
  default = { a = "1", b = "2" }
}

variable "zones" {
  type = list(string)
  default = ["a", "b"]
  nullable = false
}

variable "enabled" {
  type = bool
  description = "A variable."
}
