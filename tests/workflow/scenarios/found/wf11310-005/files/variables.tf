variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]
}

variable "name" {
  type = string
  default = "alpha"
  sensitive = true
}
