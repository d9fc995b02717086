variable "tags" {
  type = map(string)
  description = "A variable."
  default = { a = "1", b = "2" }
}

variable "enabled" {
  type = bool
  default = true
}

variable "zones" {
  type = list(string)
  default = ["a", "b"]
}
