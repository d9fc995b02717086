variable "name" {
  type = string
  default = "alpha"
}

variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]

  validation {
    condition     = length(var.zones) < 5
    error_message = "The zones value is out of range."
  }
}

variable "name1" {
  type = string
  description = "A variable."
  default = "alpha"
  nullable = false
}
