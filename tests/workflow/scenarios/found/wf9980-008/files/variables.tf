variable "enabled" {
  type = bool
  default = true
}

variable "name" {
  type = string
  description = "A variable."
  default = "alpha"
}

variable "zones" {
  type = list(string)
  default = ["a", "b"]
}
